package runs

import (
	"path/filepath"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/report"
)

// FileWriter writes a file of a run folder: an open *Folder, or Files.
type FileWriter interface {
	WriteFile(name string, data []byte) error
}

// Files writes into the run folder Dir as an open Folder does, for a
// writer without the folder open (the app's report written mid-run),
// concealing the credentials of the URLs in Conceal as Folder.Conceal does.
type Files struct {
	Dir     string
	Conceal []string
}

// WriteFile writes name in the folder atomically, readable by the user
// alone and without the concealed credentials.
func (f Files) WriteFile(name string, data []byte) error {
	return writeAtomic(filepath.Join(f.Dir, name), []byte(newConcealer(f.Conceal...).conceal(string(data))), fileMode)
}

// WriteReport writes a run's report into its folder: report.json first,
// as the app renders the report from it, then report.md for a reader,
// and run.json when sum is given. A report written while the run goes on
// has none: the history then still finds the run's end in its journal.
func WriteReport(w FileWriter, res *agent.Result, fig report.Figures, sum *Summary) error {
	if err := w.WriteFile(report.DataFile, report.Encode(res, fig)); err != nil {
		return err
	}
	if err := w.WriteFile("report.md", []byte(report.Markdown(res, fig))); err != nil {
		return err
	}
	if sum == nil {
		return nil
	}
	return w.WriteFile("run.json", sum.JSON())
}
