#!/bin/sh
# Installs ix: downloads the release archive for this machine and SHA256SUMS, checks the
# archive against its sum, and puts the binary in ~/.local/bin (or $IX_INSTALL_DIR).
#
#   curl -fsSL <release>/install.sh | sh
#
# IX_DOWNLOAD_URL  where the archives and SHA256SUMS are (the release this script came from)
# IX_INSTALL_DIR   where ix goes (default ~/.local/bin)
#
# A sum that does not match installs nothing and exits 1; an ix already installed is replaced
# by a rename, never left half written.
set -eu

# The release writes its own download URL here; the copy in the repository has none.
IX_RELEASE_URL=""

say() { printf 'ix install: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

base_url=${IX_DOWNLOAD_URL:-$IX_RELEASE_URL}
[ -n "$base_url" ] || die "no download URL: set IX_DOWNLOAD_URL to a release's download folder (this copy of install.sh is not from a release)"
base_url=${base_url%/}
install_dir=${IX_INSTALL_DIR:-${HOME:?HOME is not set}/.local/bin}

case $(uname -s) in
  Linux) os=linux ;;
  Darwin) os=darwin ;;
  MINGW* | MSYS* | CYGWIN*) die "on Windows, download ix-windows-x64.zip from $base_url, or: npm install -g ix-codemap" ;;
  *) die "no ix is released for $(uname -s)" ;;
esac
case $(uname -m) in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) die "no ix is released for $(uname -m)" ;;
esac
# An x64 shell under Rosetta on Apple silicon: the native binary is the one to run.
if [ "$os-$arch" = darwin-x64 ] && [ "$(sysctl -n sysctl.proc_translated 2>/dev/null || echo 0)" = 1 ]; then
  arch=arm64
fi
if [ "$os" = linux ] && ldd --version 2>&1 | grep -qi musl; then
  die "ix's Linux binaries need glibc; this system uses musl"
fi
archive="ix-$os-$arch.tar.gz"

if command -v curl >/dev/null 2>&1; then
  fetch() { curl -fsSL --retry 2 -o "$2" "$1"; }
elif command -v wget >/dev/null 2>&1; then
  fetch() { wget -q -O "$2" "$1"; }
else
  die "curl or wget is needed to download ix"
fi
if command -v sha256sum >/dev/null 2>&1; then
  sha256() { sha256sum "$1" | cut -d ' ' -f 1; }
elif command -v shasum >/dev/null 2>&1; then
  sha256() { shasum -a 256 "$1" | cut -d ' ' -f 1; }
else
  die "sha256sum or shasum is needed to check the download"
fi

work=$(mktemp -d 2>/dev/null || mktemp -d -t ix-install)
staged=""
cleanup() {
  rm -rf "$work"
  [ -z "$staged" ] || rm -f "$staged"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

say "downloading $base_url/$archive"
fetch "$base_url/$archive" "$work/$archive" || die "could not download $base_url/$archive"
fetch "$base_url/SHA256SUMS" "$work/SHA256SUMS" || die "could not download $base_url/SHA256SUMS"

expected=$(awk -v name="$archive" '$2 == name || $2 == "*" name { print $1; exit }' "$work/SHA256SUMS")
[ -n "$expected" ] || die "SHA256SUMS lists no $archive"
actual=$(sha256 "$work/$archive")
if [ "$actual" != "$expected" ]; then
  die "checksum mismatch for $archive: expected $expected, got $actual; nothing was installed"
fi

mkdir -p "$work/unpacked"
tar -xzf "$work/$archive" -C "$work/unpacked" || die "could not unpack $archive"
[ -f "$work/unpacked/ix" ] || die "$archive holds no ix"
chmod 755 "$work/unpacked/ix"

mkdir -p "$install_dir" || die "could not create $install_dir"
# Copied beside the target first, then renamed over it: the rename is atomic within one file
# system, so a running ix and an interrupted install both see a whole binary.
staged="$install_dir/.ix.install.$$"
cp "$work/unpacked/ix" "$staged" || die "could not write to $install_dir"
mv -f "$staged" "$install_dir/ix" || die "could not replace $install_dir/ix"
staged=""

version=$(IX_FORMAT=text "$install_dir/ix" --version 2>/dev/null) || die "installed $install_dir/ix, but it does not run on this machine"
say "installed ix $version to $install_dir/ix"
case ":${PATH:-}:" in
  *":$install_dir:"*) ;;
  *) say "$install_dir is not on PATH; add it, e.g. export PATH=\"$install_dir:\$PATH\"" ;;
esac
