//go:build race

package solve

// raceEnabled: timing assertions are off under the race detector, which
// slows the solver tenfold.
const raceEnabled = true
