//go:build race

package solve

// raceEnabled: the race detector slows the explainer tenfold, so the
// tests that explain whole samples of the shared sets take the -short
// sample under it; the plain run checks them all.
const raceEnabled = true
