//go:build race

package generate

const raceEnabled = true
