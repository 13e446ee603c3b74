// Command medians runs commands in turn, round after round, and prints
// the median, least and greatest wall time of each, and the median CPU
// time (user + system, the command and its children): interleaving
// spreads whatever else the machine is doing over all of them alike, and
// CPU time moves less than wall time when the machine is busy.
//
//	medians -n 30 'cmd one' 'cmd two' ...
//
// Each command is run by sh -c, its output discarded; a command that
// fails stops the run.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"time"
)

func main() {
	n := flag.Int("n", 30, "rounds")
	flag.Parse()
	cmds := flag.Args()
	if len(cmds) == 0 {
		fmt.Fprintln(os.Stderr, "usage: medians [-n rounds] 'command' ...")
		os.Exit(2)
	}
	times := make([][]time.Duration, len(cmds))
	cpu := make([][]time.Duration, len(cmds))
	for range *n {
		for i, c := range cmds {
			cmd := exec.Command("sh", "-c", c)
			cmd.Stderr = os.Stderr
			start := time.Now()
			if err := cmd.Run(); err != nil {
				fmt.Fprintf(os.Stderr, "%s: %v\n", c, err)
				os.Exit(1)
			}
			times[i] = append(times[i], time.Since(start))
			cpu[i] = append(cpu[i], cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime())
		}
	}
	for i, c := range cmds {
		t, u := times[i], cpu[i]
		slices.Sort(t)
		slices.Sort(u)
		fmt.Printf("%9s median %9s min %9s max %9s cpu  %s\n", ms(t[len(t)/2]), ms(t[0]), ms(t[len(t)-1]), ms(u[len(u)/2]), c)
	}
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1fms", float64(d.Microseconds())/1000) }
