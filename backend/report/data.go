package report

import (
	"encoding/json"
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
	if err := json.Unmarshal(raw, &d); err != nil || d.Result == nil {
		return nil, Figures{}, fmt.Errorf("the report's data in %s is damaged (%v): it is written anew when the run is resumed", DataFile, err)
	}
	return d.Result, d.Figures, nil
}
