package fakeweb

import (
	"encoding/json"
	"html/template"
	"net/http"
	"net/url"
)

// searxResult is one result in SearXNG's JSON output.
type searxResult struct {
	URL           string   `json:"url"`
	Title         string   `json:"title"`
	Content       string   `json:"content"`
	Engine        string   `json:"engine"`
	ParsedURL     []string `json:"parsed_url"`
	Template      string   `json:"template"`
	Engines       []string `json:"engines"`
	Positions     []int    `json:"positions"`
	Score         float64  `json:"score"`
	Category      string   `json:"category"`
	PublishedDate *string  `json:"publishedDate"`
}

// searxAnswer is SearXNG's JSON output for one query.
type searxAnswer struct {
	Query               string        `json:"query"`
	NumberOfResults     int           `json:"number_of_results"`
	Results             []searxResult `json:"results"`
	Answers             []string      `json:"answers"`
	Corrections         []string      `json:"corrections"`
	Infoboxes           []any         `json:"infoboxes"`
	Suggestions         []string      `json:"suggestions"`
	UnresponsiveEngines [][]string    `json:"unresponsive_engines"`
}

// serveSearXNG imitates an instance's /search: JSON with format=json, the
// results page otherwise.
func serveSearXNG(rw http.ResponseWriter, r *http.Request) {
	query := r.FormValue("q")
	hits := lookup(query, baseURL(r))
	if r.FormValue("format") != "json" {
		rw.Header().Set("Content-Type", htmlType)
		searxPage.Execute(rw, struct {
			Query string
			Hits  []hit
		}{query, hits})
		return
	}
	answer := searxAnswer{
		Query: query, NumberOfResults: len(hits), Results: []searxResult{},
		Answers: []string{}, Corrections: []string{}, Infoboxes: []any{},
		Suggestions: []string{}, UnresponsiveEngines: [][]string{},
	}
	for i, h := range hits {
		engines := []string{"duckduckgo"}
		if i == 0 {
			engines = append(engines, "brave")
		}
		answer.Results = append(answer.Results, searxResult{
			URL: h.URL, Title: h.Title, Content: h.Snippet, Engine: engines[0],
			ParsedURL: parsedURL(h.URL), Template: "default.html", Engines: engines,
			Positions: []int{i + 1}, Score: float64(len(engines)) / float64(i+1), Category: "general",
		})
	}
	rw.Header().Set("Content-Type", "application/json")
	json.NewEncoder(rw).Encode(answer)
}

// serveSearXNGNoJSON imitates an instance whose settings leave JSON out of
// the output formats: results pages still work, any other format is 403.
func serveSearXNGNoJSON(rw http.ResponseWriter, r *http.Request) {
	if f := r.FormValue("format"); f != "" && f != "html" {
		http.Error(rw, "Forbidden", http.StatusForbidden)
		return
	}
	serveSearXNG(rw, r)
}

// parsedURL splits u the way Python's urlparse does, as SearXNG reports it.
func parsedURL(u string) []string {
	p, err := url.Parse(u)
	if err != nil {
		return []string{"", "", "", "", "", ""}
	}
	return []string{p.Scheme, p.Host, p.Path, "", p.RawQuery, p.Fragment}
}

var searxPage = template.Must(template.New("searx").Parse(`<!DOCTYPE html>
<html class="no-js theme-auto center-alignment-no" lang="en-EN">
<head>
  <meta charset="UTF-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noarchive">
  <title>{{if .Query}}{{.Query}} - {{end}}SearXNG</title>
</head>
<body class="results_endpoint">
  <main id="main_results" class="only_template_images">
    <form id="search" method="GET" action="search" role="search">
      <input id="q" name="q" type="text" value="{{.Query}}" aria-label="Search for...">
      <button id="send_search" type="submit" aria-label="search">Search</button>
    </form>
    <div id="results">
      <div id="urls" role="main">
{{- range .Hits}}
        <article class="result result-default category-general">
          <a href="{{.URL}}" class="url_header" rel="noreferrer"><span class="url_wrapper">{{.Display}}</span></a>
          <h3><a href="{{.URL}}" rel="noreferrer">{{.Title}}</a></h3>
          <p class="content">{{.Bold}}</p>
          <div class="engines"><span>duckduckgo</span></div>
        </article>
{{- else}}
        <div class="dialog-error-block" role="alert">
          <p><strong>Sorry!</strong></p>
          <p>No results were found. You can try to: refresh the page, search for another query or select another category.</p>
        </div>
{{- end}}
      </div>
    </div>
  </main>
</body>
</html>
`))
