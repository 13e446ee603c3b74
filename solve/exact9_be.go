//go:build !(386 || amd64 || arm || arm64 || loong64 || mips64le || mipsle || ppc64le || riscv64 || wasm)

package solve

// lowFirst: on this big-endian machine the first of two 32-bit words in
// memory is the high half of the 64-bit word that pairs reads them as.
const lowFirst = false
