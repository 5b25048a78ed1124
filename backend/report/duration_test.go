package report

import (
	"testing"
	"time"

	"github.com/scout-research/scout/backend/lang"
)

// A time taken reads as the report's language writes it, each unit in its
// words, never Go's "5m10s".
func TestSpanInEveryLanguage(t *testing.T) {
	d := func(h, m, s int) time.Duration {
		return time.Duration(h)*time.Hour + time.Duration(m)*time.Minute + time.Duration(s)*time.Second
	}
	for _, c := range []struct {
		tag  lang.Tag
		d    time.Duration
		want string
	}{
		{lang.English, d(0, 5, 10), "5 min 10 s"},
		{lang.English, d(1, 2, 3), "1 h 2 min 3 s"},
		{lang.English, d(1, 0, 0), "1 h"},
		{lang.English, d(0, 0, 0), "0 s"},
		{lang.English, 44*time.Second + 600*time.Millisecond, "45 s"},
		{lang.English, -time.Second, "0 s"},
		{lang.German, d(0, 5, 10), "5 Min. 10 Sek."},
		{lang.French, d(2, 0, 1), "2 h 1 s"},
		{lang.Russian, d(0, 21, 2), "21 мин 2 с"},
		{lang.Chinese, d(0, 5, 10), "5分10秒"},
		{lang.Traditional, d(1, 5, 0), "1小時5分"},
		{lang.Japanese, d(1, 0, 10), "1時間10秒"},
	} {
		w := words{tag: c.tag, m: messageFiles[c.tag]}
		if got := w.span(c.d); got != c.want {
			t.Errorf("%s %v: %q, want %q", c.tag, c.d, got, c.want)
		}
	}
}
