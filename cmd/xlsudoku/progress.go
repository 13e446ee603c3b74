package main

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// progressDelay is how long a run goes before it shows progress: quick
// runs print nothing.
const progressDelay = 500 * time.Millisecond

// progress draws one line on stderr, when it is a terminal and --quiet is
// not given, once a run has taken more than a moment: a bar when the share
// of the work done is known, the count of puzzles, the rate and the time
// left. A signal ends the line (it is registered with the env's cleanups).
type progress struct {
	mu         sync.Mutex
	w          io.Writer
	active     bool
	start      time.Time
	last       time.Time
	shown      bool
	stopped    bool
	gen        int // counts status calls, so a late timer knows it is stale
	unregister func()
}

func newProgress(e *env) *progress {
	p := &progress{w: e.stderr, active: e.progress, start: time.Now()}
	p.unregister = e.cleanups.add(p.stop)
	return p
}

// show draws n puzzles done. frac is the share of the work done, or
// negative when it is not known; total, when positive, is the number of
// puzzles to do.
func (p *progress) show(n, total int, frac float64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.active || p.stopped {
		return
	}
	now := time.Now()
	if now.Sub(p.start) < progressDelay || (now.Sub(p.last) < 100*time.Millisecond && frac < 1) {
		return
	}
	p.last, p.shown = now, true
	p.gen++
	fmt.Fprint(p.w, "\r"+progressLine(n, total, frac, now.Sub(p.start))+"\033[K")
}

// progressLine is the text of the progress line.
func progressLine(n, total int, frac float64, elapsed time.Duration) string {
	var b strings.Builder
	const width = 30
	if frac >= 0 {
		frac = min(frac, 1)
		filled := int(width * frac)
		fmt.Fprintf(&b, "[%s%s] ", strings.Repeat("#", filled), strings.Repeat(" ", width-filled))
	}
	if total > 0 {
		fmt.Fprintf(&b, "%d/%d puzzles", n, total)
	} else {
		fmt.Fprintf(&b, "%d puzzle%s", n, plural(n))
		if frac >= 0 {
			fmt.Fprintf(&b, ", %d%%", int(100*frac))
		}
	}
	fmt.Fprintf(&b, " (%.0f/s", float64(n)/elapsed.Seconds())
	if frac > 0 && frac < 1 {
		left := time.Duration(float64(elapsed) * (1 - frac) / frac)
		fmt.Fprintf(&b, ", %v left", left.Round(time.Second))
	}
	b.WriteString(")")
	return b.String()
}

// status replaces the line by msg, such as the writing phase of a long
// run: at once when a bar is up or the run has taken a moment already,
// else once it has.
func (p *progress) status(msg string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.active || p.stopped {
		return
	}
	p.gen++
	wait := progressDelay - time.Since(p.start)
	if p.shown || wait <= 0 {
		p.printStatus(msg)
		return
	}
	gen := p.gen
	time.AfterFunc(wait, func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		if gen == p.gen && !p.stopped {
			p.printStatus(msg)
		}
	})
}

func (p *progress) printStatus(msg string) {
	p.shown = true
	fmt.Fprint(p.w, "\r"+msg+"\033[K")
}

// clear erases the line, if one is shown, for a message or at the end.
func (p *progress) clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearLocked()
}

func (p *progress) clearLocked() {
	p.gen++ // a pending status is stale
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
		p.shown = false
	}
}

// done clears the line for good.
func (p *progress) done() {
	p.stop()
	p.unregister()
}

// stop clears the line and draws nothing more.
func (p *progress) stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearLocked()
	p.stopped = true
}
