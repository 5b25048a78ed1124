package fakeweb

import (
	"fmt"
	"html/template"
	"net/http"
	"net/url"
)

// challengeTiles is how many pictures DuckDuckGo's puzzle shows.
const challengeTiles = 9

// serveChallenge answers a search the way DuckDuckGo answers a client it
// takes for a bot: status 202 and a picture puzzle instead of results.
// variant is "html" or "lite", as DuckDuckGo records in the form.
func serveChallenge(rw http.ResponseWriter, query, variant string) {
	params := url.Values{
		"sv": {variant}, "cc": {"botnet"}, "ti": {rut(query)[:16]},
		"gk": {rut(variant)[:32]}, "q": {query}, "r": {"euw"},
	}
	var tiles []string
	for i := range challengeTiles {
		tiles = append(tiles, rut(fmt.Sprint(query, i))[:40])
	}
	rw.WriteHeader(http.StatusAccepted)
	challengePage.Execute(rw, struct {
		Action string
		Tiles  []string
	}{"//duckduckgo.com/anomaly.js?" + params.Encode(), tiles})
}

var challengePage = template.Must(template.New("challenge").Parse(`<!DOCTYPE html>
<html lang="en-US">
<head>
  <meta charset="UTF-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex, nofollow">
  <title>DuckDuckGo</title>
  <style>
    .anomaly-modal__mask{position:fixed;inset:0;background:rgba(0,0,0,.4)}
    .anomaly-modal__modal{max-width:28em;margin:4em auto;background:#fff;padding:1.5em;border-radius:8px}
    .anomaly-modal__title{font-size:1.3em;font-weight:bold}
    .anomaly-modal__images{display:grid;grid-template-columns:repeat(3,1fr);gap:4px}
  </style>
</head>
<body>
  <form id="challenge-form" action="{{.Action}}" method="POST">
    <div class="anomaly-modal__mask">
      <div class="anomaly-modal__modal" data-testid="anomaly-modal">
        <div class="anomaly-modal__title">Unfortunately, bots use DuckDuckGo too.</div>
        <div class="anomaly-modal__description">Please complete the following challenge to confirm this search was made by a human.</div>
        <div class="anomaly-modal__instructions">Select all squares containing a duck:</div>
        <div class="anomaly-modal__puzzle">
          <div class="anomaly-modal__images">
{{- range $i, $t := .Tiles}}
            <div class="anomaly-modal__box">
              <img class="anomaly-modal__image" src="//duckduckgo.com/assets/anomaly/images/challenge/{{$t}}.jpg" alt="" data-index="{{$i}}" />
              <input type="checkbox" class="anomaly-modal__checkbox" name="image-check_{{$t}}" value="{{$i}}" />
            </div>
{{- end}}
          </div>
        </div>
        <div class="anomaly-modal__controls">
          <button type="submit" class="btn btn--primary anomaly-modal__submit" disabled>Submit</button>
        </div>
        <p class="anomaly-modal__footer">Images not loading? <a href="https://duckduckgo.com/duckduckgo-help-pages/">Get help</a></p>
      </div>
    </div>
  </form>
</body>
</html>
`))
