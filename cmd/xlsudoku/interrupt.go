package main

import (
	"fmt"
	"os"
	"os/signal"
	"slices"
	"sync"
	"syscall"

	"github.com/xlsudoku/xlsudoku/workbook"
)

// cleanups are what must be undone when a signal or a panic ends the run
// early: temporary files to remove, a progress line to end. Deferred calls
// do not run when a signal ends the process, so commands register these
// instead.
type cleanups struct {
	mu      sync.Mutex
	fns     map[int]func()
	next    int
	stopped bool
}

// add registers fn and returns the function that unregisters it. A nil
// *cleanups (an env built by a test) registers nothing.
func (c *cleanups) add(fn func()) (remove func()) {
	if c == nil {
		return func() {}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.addLocked(fn)
}

// addLocked is add with c.mu held.
func (c *cleanups) addLocked(fn func()) (remove func()) {
	if c.fns == nil {
		c.fns = map[int]func(){}
	}
	id := c.next
	c.next++
	c.fns[id] = fn
	return func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		delete(c.fns, id)
	}
}

// addMade makes something that needs undoing and registers its undoing
// in one step, holding the cleanups off meanwhile: a signal between the
// two would otherwise leave it behind (a temporary file just made). create
// returns the undoing; nothing is registered when it fails.
func (c *cleanups) addMade(create func() (undo func(), err error)) (remove func(), err error) {
	if c == nil {
		if _, err := create(); err != nil {
			return nil, err
		}
		return func() {}, nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.stopped {
		return nil, errStopped
	}
	undo, err := create()
	if err != nil {
		return nil, err
	}
	return c.addLocked(undo), nil
}

// do runs fn unless the run was stopped, holding the cleanups off until it
// returns, so that a rename and the removal of the same temporary file
// never race. It reports whether fn ran.
func (c *cleanups) do(fn func()) bool {
	if c == nil {
		fn()
		return true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.stopped {
		return false
	}
	fn()
	return true
}

// stop runs every registered cleanup once, the latest first, and makes do
// refuse from then on.
func (c *cleanups) stop() {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.stopped {
		return
	}
	c.stopped = true
	ids := make([]int, 0, len(c.fns))
	for id := range c.fns {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range slices.Backward(ids) {
		c.fns[id]()
	}
	c.fns = nil
}

// stopSignals are the signals that end a run, its cleanups done: Ctrl-C,
// kill's default, and the hangup of a terminal closed or a remote session
// dropped, which left the temporary output behind. One the process
// started ignoring stays ignored: the hangup under nohup, Ctrl-C in a
// script's background job (a shell starts those ignoring it, and Ctrl-C
// on the script stopped them, their output never written).
func stopSignals() []os.Signal {
	var sigs []os.Signal
	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP} {
		if !signal.Ignored(sig) {
			sigs = append(sigs, sig)
		}
	}
	return sigs
}

// signalCode is the exit code of a run ended by sig: 128 plus the signal's
// number, as shells report it.
func signalCode(sig os.Signal) int {
	switch sig {
	case os.Interrupt:
		return 130
	case syscall.SIGTERM:
		return 143
	case syscall.SIGHUP:
		return 129
	}
	return exitFailure
}

// interrupt undoes what the run registered (the progress line is ended, a
// temporary text output is removed, so an existing -o file stays as it
// was), says why the run stopped, and returns the exit code.
func (e *env) interrupt(sig os.Signal) int {
	e.cleanups.stop()
	fmt.Fprintf(e.stderr, "xlsudoku: stopped by %s\n", signalName(sig))
	return signalCode(sig)
}

func signalName(sig os.Signal) string {
	switch sig {
	case os.Interrupt:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGHUP:
		return "SIGHUP"
	}
	return sig.String()
}

// handleSignals ends the run on the first signal from sigs, calling exit
// with its code once interrupt has cleaned up.
func (e *env) handleSignals(sigs <-chan os.Signal, exit func(int)) {
	go func() {
		if sig, ok := <-sigs; ok {
			exit(e.interrupt(sig))
		}
	}()
}

// guardWorkbook makes a signal during the write of workbook out remove the
// temporary file the workbook package writes beside it; the returned
// function ends the guard once the write is over.
func (e *env) guardWorkbook(out string) (done func()) {
	return e.cleanups.add(func() {
		for _, f := range workbook.TempFiles(out) {
			os.Remove(f)
		}
	})
}
