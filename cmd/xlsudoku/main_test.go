package main

import (
	"os"
	"os/exec"
	"testing"
	"time"
)

// TestMain lets a test run the command itself, in a child process
// (mainCommand), for what needs a process: signals, the real stdout.
func TestMain(m *testing.M) {
	if os.Getenv("XLSUDOKU_TEST_MAIN") == "1" {
		main()
		return
	}
	code := m.Run()
	removeProcessBuilds()
	os.Exit(code)
}

// mainCommand is xlsudoku with args, run as a child process of the test.
func mainCommand(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "XLSUDOKU_TEST_MAIN=1")
	return cmd
}

// waitFor polls until cond holds; the deadline only keeps a broken test
// from hanging.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
	}
}
