package fakeweb

import "html/template"

// The two DuckDuckGo result pages. Class names, nesting and quoting follow
// what html.duckduckgo.com and lite.duckduckgo.com serve, because search
// parsers key on exactly those; styles and selects are trimmed.

var ddgHTMLPage = template.Must(template.New("ddg-html").Parse(`<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml">
<head>
  <meta http-equiv="content-type" content="text/html; charset=UTF-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1.0, maximum-scale=3.0, user-scalable=1" />
  <meta name="referrer" content="origin" />
  <meta name="HandheldFriendly" content="true" />
  <meta name="robots" content="noindex, nofollow" />
  <title>{{if .Query}}{{.Query}} at DuckDuckGo{{else}}DuckDuckGo{{end}}</title>
  <style>
    body{font-family:Arial,sans-serif;margin:0}.header{padding:1em;background:#fafafa;border-bottom:1px solid #eee}
    .results{max-width:42em;padding:0 1em}.result{margin:1.2em 0}.result__a{font-size:1.15em;color:#2a49c7}
    .result__url{color:#1a7c37;font-size:.9em;text-decoration:none}.result__snippet{display:block;color:#333;text-decoration:none}
    .result--ad{background:#f6f8ff;padding:.5em}.badge--ad{font-size:.7em;margin-left:.5em}
  </style>
</head>
<body class="body--html">
  <a name="top" id="top"></a>
  <form action="{{.Action}}" method="post">
    <input type="text" name="state_hidden" id="state_hidden" />
  </form>
  <div>
    <div class="site-wrapper-border"></div>
    <div id="header" class="header cw header--html">
      <a title="DuckDuckGo" href="{{.Action}}" class="header__logo-wrap" tabindex="-1">
        <span class="header__logo">DuckDuckGo</span>
      </a>
      <form name="x" class="header__form" action="{{.Action}}" method="post">
        <div class="search search--header">
          <input name="q" autocomplete="off" class="search__input" id="search_form_input_homepage" type="text" value="{{.Query}}" />
          <input name="b" id="search_button_homepage" class="search__button search__button--html" value="" title="Search" alt="Search" type="submit" />
        </div>
        <div class="frm__select">
          <select name="kl">
            <option value="">All Regions</option>
            <option value="wt-wt" selected>No region</option>
            <option value="uk-en">UK</option>
            <option value="us-en">US (English)</option>
          </select>
        </div>
        <div class="frm__select frm__select--last">
          <select class="" name="df">
            <option value="" selected>Any Time</option>
            <option value="d">Past Day</option>
            <option value="w">Past Week</option>
            <option value="m">Past Month</option>
            <option value="y">Past Year</option>
          </select>
        </div>
      </form>
    </div>
{{- if .Hits}}
    <!-- Web results are present -->
{{- end}}
    <div>
      <div class="serp__results">
        <div id="links" class="results">
{{- with .Ad}}
          <div class="result results_links results_links_deep result--ad result--ad--small">
            <div class="links_main links_deep result__body">
              <h2 class="result__title">
                <a rel="nofollow" class="result__a" href="{{.Link}}">{{.Title}}</a>
              </h2>
              <div class="result__extras">
                <div class="result__extras__url">
                  <a class="result__url" href="{{.Link}}">{{.Display}}</a>
                  <button class="badge--ad">Ad</button>
                </div>
              </div>
              <a class="result__snippet" href="{{.Link}}">{{.Bold}}</a>
              <div class="clear"></div>
            </div>
          </div>
{{- end}}
{{- range .Hits}}
          <div class="result results_links results_links_deep web-result"><div class="links_main links_deep result__body"><h2 class="result__title"><a rel="nofollow" class="result__a" href="{{.Link}}">{{.Title}}</a></h2><div class="result__extras"><div class="result__extras__url"><span class="result__icon"><a rel="nofollow" href="{{.Link}}"><img class="result__icon__img" width="16" height="16" alt="" src="//external-content.duckduckgo.com/ip3/fixture.ico" /></a></span><a class="result__url" href="{{.Link}}">{{.Display}}</a></div></div><a class="result__snippet" href="{{.Link}}">{{.Bold}}</a><div class="clear"></div></div></div>
{{- else}}
          <div class="result results_links results_links_deep result--no-result">
            <div class="no-results">No results.</div>
          </div>
{{- end}}
{{- if .Hits}}
          <div class="nav-link">
            <form action="{{.Action}}" method="post">
              <input type="submit" class="btn btn--alt" value="Next" />
              <input type="hidden" name="q" value="{{.Query}}" />
              <input type="hidden" name="s" value="{{len .Hits}}" />
              <input type="hidden" name="nextParams" value="" />
              <input type="hidden" name="v" value="l" />
              <input type="hidden" name="o" value="json" />
              <input type="hidden" name="api" value="d.js" />
              <input name="kl" value="wt-wt" type="hidden" />
            </form>
          </div>
{{- end}}
        </div>
      </div>
    </div>
  </div>
  <div id="bottom_spacing2"></div>
</body>
</html>
`))

var ddgLitePage = template.Must(template.New("ddg-lite").Funcs(template.FuncMap{
	"inc": func(i int) int { return i + 1 },
}).Parse(`<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">
<html>
<head>
  <meta http-equiv="content-type" content="text/html; charset=UTF-8">
  <meta name="referrer" content="origin">
  <meta name="viewport" content="width=device-width, initial-scale=1.0, maximum-scale=1.0, user-scalable=0">
  <meta name="robots" content="noindex, nofollow">
  <title>DuckDuckGo</title>
  <style>
    body{font-family:sans-serif}.result-link{font-size:1.1em}.link-text{color:#1a7c37}
    .result-snippet{color:#333}.result-sponsored{background:#fff8e1}
  </style>
</head>
<body>
  <p class='extra'>&nbsp;</p>
  <div class="header">DuckDuckGo</div>
  <p class='extra'>&nbsp;</p>
  <form action="{{.Action}}" method="post">
    <input class="query" type="text" size="40" name="q" value="{{.Query}}" autofocus>
    <input class='submit' type="submit" value="Search">
    <div class="filters">
      <select class="submit" name="kl">
        <option value="" selected>All Regions</option>
        <option value="uk-en">UK</option>
        <option value="us-en">US (English)</option>
      </select>
      <select class="submit" name="df">
        <option value="" selected>Any Time</option>
        <option value="d">Past Day</option>
        <option value="w">Past Week</option>
      </select>
    </div>
  </form>
  <p class='extra'>&nbsp;</p>
  <table border="0">
{{- with .Ad}}
    <tr class="result-sponsored">
      <td valign="top">&nbsp;</td>
      <td>
        <a rel="nofollow" href="{{.Link}}" class='result-link'>{{.Title}}</a>
      </td>
    </tr>
    <tr class="result-sponsored">
      <td>&nbsp;&nbsp;&nbsp;</td>
      <td class='result-snippet'>{{.Bold}}</td>
    </tr>
    <tr class="result-sponsored">
      <td>&nbsp;&nbsp;&nbsp;</td>
      <td>
        <span class='link-text'>{{.Display}}</span>
        <span class='result-sponsored-label'>Sponsored link</span>
      </td>
    </tr>
    <tr>
      <td>&nbsp;</td>
      <td>&nbsp;</td>
    </tr>
{{- end}}
{{- range $i, $h := .Hits}}
    <tr>
      <td valign="top">{{inc $i}}.&nbsp;</td>
      <td>
        <a rel="nofollow" href="{{.Link}}" class='result-link'>{{.Title}}</a>
      </td>
    </tr>
    <tr>
      <td>&nbsp;&nbsp;&nbsp;</td>
      <td class='result-snippet'>{{.Bold}}</td>
    </tr>
    <tr>
      <td>&nbsp;&nbsp;&nbsp;</td>
      <td>
        <span class='link-text'>{{.Display}}</span>
      </td>
    </tr>
    <tr>
      <td>&nbsp;</td>
      <td>&nbsp;</td>
    </tr>
{{- else}}
    <tr>
      <td>&nbsp;</td>
      <td class="no-results">No results.</td>
    </tr>
{{- end}}
  </table>
</body>
</html>
`))
