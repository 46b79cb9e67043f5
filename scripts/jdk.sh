# Sourced by ./nvlower, ./check and bench scripts: sets JAVA_HOME to a JDK >= 21.
# Looks at $JAVA_HOME first, then every JDK under /usr/lib/jvm (newest first).

nvlower_java_major() {  # prints the major version of the JDK at $1, or nothing
  local v=
  [ -x "$1/bin/java" ] && [ -x "$1/bin/javac" ] || return 0
  # the JDK's release file says it without starting a JVM (which costs 0.1-0.3 s on every launch)
  [ -r "$1/release" ] && v=$(sed -n 's/^JAVA_VERSION="\([^"]*\)".*/\1/p' "$1/release")
  [ -n "$v" ] || v=$("$1/bin/java" -XshowSettings:properties -version 2>&1 |
    sed -n 's/^ *java\.specification\.version = //p')
  v=${v#1.}           # 1.8.0_392 -> 8.0_392
  echo "${v%%[.+_-]*}"  # 25.0.3 -> 25, 26-ea -> 26
}

nvlower_find_jdk() {
  local candidate major
  for candidate in ${JAVA_HOME:+"$JAVA_HOME"} $(ls -d /usr/lib/jvm/*/ 2>/dev/null | sort -rV); do
    candidate=${candidate%/}
    major=$(nvlower_java_major "$candidate")
    if [ -n "$major" ] && [ "$major" -ge 21 ] 2>/dev/null; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

if ! NVLOWER_JDK=$(nvlower_find_jdk); then
  echo "error: nvlower needs a JDK 21 or newer; none found in \$JAVA_HOME${JAVA_HOME:+ ($JAVA_HOME)} or /usr/lib/jvm/*." >&2
  echo "       Install one (for example 'apt-get install openjdk-21-jdk-headless') or set JAVA_HOME." >&2
  exit 1
fi
export JAVA_HOME="$NVLOWER_JDK"
export PATH="$JAVA_HOME/bin:$PATH"
