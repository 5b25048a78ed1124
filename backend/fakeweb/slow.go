package fakeweb

import (
	"fmt"
	"html"
	"net/http"
	"strconv"
	"time"
)

// slowDefault is how long /slow waits when not told: longer than a page
// should take, so a short navigation limit trips, short enough to try by hand.
const slowDefault = 5 * time.Second

// slowMax caps the wait so a mistyped ms cannot hold a connection for hours.
const slowMax = 60 * time.Second

// serveSlow waits ?ms= milliseconds, or until the client gives up, then
// answers with a small page.
func (w *Web) serveSlow(rw http.ResponseWriter, r *http.Request) {
	wait := slowDefault
	if s := r.URL.Query().Get("ms"); s != "" {
		ms, err := strconv.Atoi(s)
		if err != nil || ms < 0 {
			http.Error(rw, "ms must be a whole number of milliseconds", http.StatusBadRequest)
			return
		}
		wait = min(time.Duration(ms)*time.Millisecond, slowMax)
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case <-r.Context().Done():
		return
	case <-timer.C:
	}
	rw.Header().Set("Content-Type", htmlType)
	fmt.Fprintf(rw, slowPage, wait.Milliseconds(), html.EscapeString(baseURL(r)))
}

const slowPage = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>A slow page</title></head>
<body>
<main>
<h1>A slow page</h1>
<p>This page kept you waiting for %d milliseconds before it said anything at all.</p>
<p>Servers under load answer like this. A reader with a deadline should give up on
them and try somewhere else.</p>
<p><a href="%s/">Back to the index</a></p>
</main>
</body>
</html>
`
