define internal float @square(float %y) {
  %s = fmul float %y, %y
  ret float %s
}

define float @square_plus_one(float %x) {
  %s = call float @square(float %x)
  %r = fadd float %s, 1.0
  ret float %r
}

define float @unused(float %x) {
  ret float %x
}
