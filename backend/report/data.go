package report

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/scout-research/scout/backend/agent"
)

// DataFile is the file beside report.md that keeps what the report was
// written from, so the app renders the report from that (Fragment) and
// never has to tell from the Markdown which part is the result, which
// numbers were flagged or how many findings there are.
const DataFile = "report.json"

// data is DataFile's content.
type data struct {
	Result  *agent.Result `json:"result"`
	Figures Figures       `json:"figures"`
}

// Encode returns the content of DataFile for the report of res.
func Encode(res *agent.Result, fig Figures) []byte {
	out, _ := json.MarshalIndent(data{Result: res, Figures: fig}, "", " ") // plain data: cannot fail
	return append(out, '\n')
}

// Load reads DataFile in the run folder dir; the error wraps
// fs.ErrNotExist when the report was written before Scout kept it.
func Load(dir string) (*agent.Result, Figures, error) {
	raw, err := os.ReadFile(filepath.Join(dir, DataFile))
	if err != nil {
		return nil, Figures{}, err
	}
	var d data
	var why string
	var syntax *json.SyntaxError
	switch err := json.Unmarshal(raw, &d); {
	case errors.As(err, &syntax):
		why = fmt.Sprintf("not JSON: %v", err)
	case err != nil:
		why = fmt.Sprintf("a field of the wrong kind: %v", err)
	case d.Result == nil:
		why = "it holds no result" // "result": null, or a file of null
	default:
		return d.Result, d.Figures, nil
	}
	return nil, Figures{}, fmt.Errorf("the report's data in %s is damaged (%s): it is written anew when the run is resumed", DataFile, why)
}
