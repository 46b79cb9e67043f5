; Odd whitespace and comments everywhere: tabs, runs of spaces, blank lines, comments between
; the tokens of one instruction, operands split over lines, no newline at the end of the file.
;;;; many semicolons ;;;;
;
	; a comment after a tab
target	triple	=	"x86_64-unknown-linux-gnu"   ; trailing comment


%T   =   type   {  i32 ,   float  }   ; spaces inside braces
@g =	global   %T   {   i32   1 ,  float   2.0   }	; decimal float spelled short
@h = global [ 3 x i8 ]c"a;b"   ; semicolon inside a string is not a comment
@"semi;colon" = global i32 0

define	i32	@f(	i32	%a ,	i32	%b	)	{	; brace on the same line as a comment
entry:		; a label followed by tabs and a comment
  %x	=	add		nsw   i32	%a,%b
  %y = mul i32   ; the operands are on the next lines
         %x ,
         ; a comment between operands
         2
  br label   %next


next:
	%z = phi i32 [ %y , %entry ]   ; single entry
  switch i32 %z, label %out [   ; cases over several lines
      i32 0, label %out   ; zero
      ; a comment line among the cases
      i32 1, label %out
  ]
out:
  ret i32 %z ;no space before the comment text
}

define void @one.line() { ret void }
define void @close.on.ret() {
  ret void }

!0 = !{ !1 ,!2,
  ; inside a metadata tuple
  !3 }
!1 = !{}
!2 = !{ i32   1 }
!3 = !{!"text ; not a comment"}
!named = !{ !0 }
; the last line has no newline