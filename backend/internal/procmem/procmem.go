// Package procmem reads what Linux says of a process's memory and its
// children, for the benchmarks that print memory figures (the browser's
// pages read ahead, the app's start-up). Where /proc cannot be read the
// figures are zero.
package procmem

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Rollup is /proc/PID/smaps_rollup's figures in kB, by field name ("Rss",
// "Pss", "Private_Clean", ...).
func Rollup(pid int) map[string]float64 {
	kb := map[string]float64{}
	data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "smaps_rollup"))
	if err != nil {
		return kb
	}
	for _, line := range strings.Split(string(data), "\n") {
		key, v, ok := strings.Cut(line, ":")
		if ok {
			kb[key], _ = strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 64)
		}
	}
	return kb
}

// PrivateKB is the memory the process alone holds: its clean and dirty
// pages no other process shares.
func PrivateKB(pid int) float64 {
	kb := Rollup(pid)
	return kb["Private_Clean"] + kb["Private_Dirty"]
}

// Descendants lists the processes below pid, at any depth (WebKit starts
// its web process through a sandbox helper; Playwright's driver starts the
// browser).
func Descendants(pid int) []int {
	parent := map[int]int{}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces, so read after ')'.
		fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
		if len(fields) > 1 {
			parent[p], _ = strconv.Atoi(fields[1])
		}
	}
	var out []int
	for p := range parent {
		for q, hops := parent[p], 0; q > 1 && hops < maxDepth; q, hops = parent[q], hops+1 {
			if q == pid {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// maxDepth bounds the walk up a process's parents, should /proc change
// under it and make a loop.
const maxDepth = 64
