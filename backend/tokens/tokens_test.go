package tokens

import (
	"strings"
	"testing"
)

func TestCount(t *testing.T) {
	var e Estimator
	tests := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"a", 1},
		{"abc", 1},
		{"abcd", 2}, // 4/3.8 rounds up
		{strings.Repeat("word ", 76), 100},
		{"héllo wörld", 3}, // 11 characters, not 13 bytes
	}
	for _, tc := range tests {
		if got := e.Count(tc.in); got != tc.want {
			t.Errorf("Count(%q) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

func TestCalibrate(t *testing.T) {
	var e Estimator
	e.Calibrate(4800, 1000) // 4.8 chars per token observed
	want := DefaultCharsPerToken + calibrationWeight*(4.8-DefaultCharsPerToken)
	if got := e.Ratio(); got != want {
		t.Fatalf("ratio %v, want %v", got, want)
	}
	for i := 0; i < 30; i++ {
		e.Calibrate(4800, 1000)
	}
	if got := e.Ratio(); got < 4.79 || got > 4.8 {
		t.Fatalf("ratio after many observations %v, want about 4.8", got)
	}
	before := e.Ratio()
	for _, obs := range [][2]int{{100, 1000}, {10000, 10}, {0, 5}, {5, 0}} {
		e.Calibrate(obs[0], obs[1])
	}
	if e.Ratio() != before {
		t.Fatalf("implausible observations moved the ratio to %v", e.Ratio())
	}
}
