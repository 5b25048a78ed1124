package desktop

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/runner"
	"github.com/scout-research/scout/backend/runs"
)

// More event names sent to the frontend.
const (
	EventQueue     = "queue:changed" // the queue changed; data is a QueueView
	EventRunFollow = "run:follow"    // the window follows another run; data is a RunView
)

// The states of a queued objective.
const (
	QueueQueued   = "queued"
	QueueRunning  = "running"
	QueueFinished = "finished"
	QueueStopped  = "stopped"
	QueueFailed   = "failed"
)

// QueueItem is one objective of the queue as History shows it.
type QueueItem struct {
	ID        int    `json:"id"`
	Objective string `json:"objective"`
	Dir       string `json:"dir"`
	State     string `json:"state"`
}

// QueueView is the queue at one moment. N grows with every view: the
// window may receive them out of order (see CallUpdate) and keeps the one
// with the highest N.
type QueueView struct {
	N     int64       `json:"n"`
	Items []QueueItem `json:"items"`
}

// queue is the objectives the user queued; runner.Batch's lanes run them,
// up to lanes at once, fed one at a time (feed). All of it is guarded by
// Service.mu.
type queue struct {
	items   []*queued
	wake    *sync.Cond // a run ended, or objectives were added
	feeding bool       // a batch is running the queue
	pinned  *active    // the run the user chose to follow, else the newest is
	n       int64      // numbers the views (QueueView.N)
	// do runs one objective: its setup's Run, or a stand-in in tests.
	do func(context.Context, runner.Options) (*runner.Outcome, error)
}

// queued is one objective of the queue and its run once started.
type queued struct {
	item   QueueItem
	setup  *runner.Setup // the setup it was queued with
	opts   runner.Options
	ctx    context.Context // set when it starts; StopQueued cancels it
	cancel context.CancelFunc
	a      *active       // set when its run begins
	done   chan struct{} // closed when it has ended
}

// Queue adds objectives to the queue and starts the batch that runs them
// if none is running. A run going on (started alone) counts as one of the
// runs at once.
func (s *Service) Queue(ctx context.Context, objectives []string) (QueueView, error) {
	objectives = clean(objectives)
	if len(objectives) == 0 {
		return QueueView{}, errors.New("type what Scout should find out first, one objective a line")
	}
	s.startMu.Lock()
	defer s.startMu.Unlock()
	setup, err := s.setup(ctx)
	if err != nil {
		return QueueView{}, err
	}
	lanes, keep := lanes(ctx, setup)
	now := time.Now()
	s.mu.Lock()
	var added []*queued
	for _, o := range objectives {
		id := len(s.q.items) + 1
		dir := runs.QueuedDir("", o, id, now)
		opts := runner.Options{Objective: o, OutDir: dir}
		q := &queued{item: QueueItem{ID: id, Objective: o, Dir: dir, State: QueueQueued}, setup: setup, opts: opts, done: make(chan struct{})}
		s.q.items, added = append(s.q.items, q), append(added, q)
	}
	go func() {
		// The setup holds the app-session browser until every objective
		// queued with it has ended or was stopped (runner.Browsers).
		for _, q := range added {
			<-q.done
		}
		setup.Close()
	}()
	start := !s.q.feeding
	s.q.feeding = true
	if s.q.wake == nil {
		s.q.wake = sync.NewCond(&s.mu)
	}
	s.q.wake.Broadcast()
	items := s.queueLocked()
	s.mu.Unlock()
	if start {
		go s.feed(lanes, keep)
	}
	s.emit(EventQueue, items)
	return items, nil
}

// clean is the objectives without blank ones, trimmed.
func clean(objectives []string) []string {
	var out []string
	for _, o := range objectives {
		if o = strings.TrimSpace(o); o != "" {
			out = append(out, o)
		}
	}
	return out
}

// lanes is how many runs go at once (the setting, else the server's
// slots, else 1), and whether each lane can keep a llama-server slot.
func lanes(ctx context.Context, setup *runner.Setup) (int, bool) {
	slots := setup.Slots(ctx)
	n := setup.Settings.RunsAtOnce
	if n == 0 {
		n = max(1, slots)
	}
	return n, slots >= n
}

// feed runs the queue in a batch of lanes until nothing is queued or
// under way.
func (s *Service) feed(lanes int, keep bool) {
	jobs := make(chan runner.Job)
	go func() {
		defer close(jobs)
		for q := s.next(lanes); q != nil; q = s.next(lanes) {
			jobs <- runner.Job{N: q.item.ID, Setup: q.setup, Options: q.opts}
		}
	}()
	runner.Batch{Parallel: lanes, KeepSlots: keep}.Feed(context.Background(), jobs, s.runQueued)
}

// next waits until a queued objective can start (fewer than lanes runs
// going) and marks it running; nil when the queue is empty and idle.
func (s *Service) next(lanes int) *queued {
	s.mu.Lock()
	defer s.mu.Unlock()
	for {
		var first *queued
		going := 0
		for _, q := range s.q.items {
			switch q.item.State {
			case QueueQueued:
				if first == nil {
					first = q
				}
			case QueueRunning:
				going++
			}
		}
		if s.goingLocked() != nil && !s.queuedRun(s.cur) {
			going++ // a run started alone takes a lane's place
		}
		if first != nil && going < lanes {
			first.item.State = QueueRunning
			ctx, cancel := context.WithCancel(context.Background())
			first.ctx, first.cancel = ctx, cancel
			return first
		}
		if first == nil && going == 0 {
			s.q.feeding = false
			return nil
		}
		s.q.wake.Wait()
	}
}

// queuedRun says whether a is a run of the queue.
func (s *Service) queuedRun(a *active) bool {
	for _, q := range s.q.items {
		if q.a == a {
			return true
		}
	}
	return false
}

// runQueued runs one objective of the queue in a batch's lane. The window
// follows it unless it follows a run going on that the user chose or that
// was started alone.
func (s *Service) runQueued(_ context.Context, j runner.Job) (*runner.Outcome, error) {
	opts := j.Options
	s.mu.Lock()
	q := s.queuedAt(opts.OutDir)
	ctx := q.ctx
	started := time.Now()
	a := &active{view: RunView{Dir: opts.OutDir, Started: started, Running: true, MaxTurns: j.Setup.Settings.MaxTurns,
		ContextLength: j.Setup.ContextLength(), Model: j.Setup.Server.Model}, fold: &runs.View{}, cancel: q.cancel, done: make(chan struct{})}
	a.fold.Live(opts.Objective, a.view.ContextLength)
	q.a = a
	follow := s.goingLocked() == nil || (s.queuedRun(s.cur) && (s.q.pinned == nil || !s.q.pinned.view.Running))
	shown := a.shown()
	if follow {
		s.cur, s.q.pinned = a, nil
		shown.FollowN = s.followedLocked()
	}
	s.mu.Unlock()
	if follow {
		s.emit(EventRunFollow, shown)
	}
	s.emitQueue()
	do := s.q.do
	if do == nil {
		do = j.Setup.Run
	}
	status := s.run(ctx, a, opts, do)
	s.mu.Lock()
	q.item.State = queueState(status)
	close(q.done)
	s.q.wake.Broadcast()
	s.mu.Unlock()
	s.emitQueue()
	return nil, nil // the run's end is told by run; the batch needs nothing
}

// queueState is a queued objective's state after its run ended with status.
func queueState(status agent.Status) string {
	switch {
	case status == agent.StatusFinished:
		return QueueFinished
	case status.Tone() == agent.ToneFailed:
		return QueueFailed
	}
	return QueueStopped
}

// queuedAt is the objective whose run folder is dir, for a caller holding s.mu.
func (s *Service) queuedAt(dir string) *queued {
	for _, q := range s.q.items {
		if q.item.Dir == dir {
			return q
		}
	}
	return nil
}

// queuedByID is the objective with id, for a caller holding s.mu.
func (s *Service) queuedByID(id int) (*queued, error) {
	if id < 1 || id > len(s.q.items) {
		return nil, fmt.Errorf("no objective %d in the queue", id)
	}
	return s.q.items[id-1], nil
}

// StopQueued stops one objective of the queue: one waiting never starts;
// one running ends as a stopped run does (its report written), and the
// call returns when it has.
func (s *Service) StopQueued(id int) error {
	s.mu.Lock()
	q, err := s.queuedByID(id)
	if err != nil {
		s.mu.Unlock()
		return err
	}
	switch q.item.State {
	case QueueQueued:
		q.item.State = QueueStopped
		close(q.done)
		s.q.wake.Broadcast()
		s.mu.Unlock()
		s.emitQueue()
		return nil
	case QueueRunning:
		s.mu.Unlock()
		q.cancel()
		<-q.done
		return nil
	}
	s.mu.Unlock()
	return fmt.Errorf("%q has ended already", q.item.Objective)
}

// Follow makes the run of queued objective id the one the window shows,
// and returns it whole.
func (s *Service) Follow(id int) (RunView, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	q, err := s.queuedByID(id)
	if err != nil {
		return RunView{}, err
	}
	if q.a == nil {
		return RunView{}, fmt.Errorf("%q has not started yet", q.item.Objective)
	}
	s.cur, s.q.pinned = q.a, q.a
	shown := q.a.shown()
	shown.FollowN = s.followedLocked()
	return shown, nil
}

// followedLocked numbers a switch of the window to s.cur, for a caller
// holding s.mu that just made it (see RunView.FollowN).
func (s *Service) followedLocked() int64 {
	s.followN++
	return s.followN
}

// QueueItems is the queue as History shows it.
func (s *Service) QueueItems() QueueView {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.queueLocked()
}

func (s *Service) queueLocked() QueueView {
	s.q.n++
	out := QueueView{N: s.q.n, Items: make([]QueueItem, 0, len(s.q.items))}
	for _, q := range s.q.items {
		out.Items = append(out.Items, q.item)
	}
	return out
}

func (s *Service) emitQueue() { s.emit(EventQueue, s.QueueItems()) }

// wakeQueueLocked tells a queue waiting for a free lane that a run ended.
func (s *Service) wakeQueueLocked() {
	if s.q.wake != nil {
		s.q.wake.Broadcast()
	}
}

// stopQueue stops every objective of the queue, for when the app closes.
func (s *Service) stopQueue() {
	s.mu.Lock()
	items := append([]*queued{}, s.q.items...)
	s.mu.Unlock()
	for _, q := range items {
		_ = s.StopQueued(q.item.ID) // one ended already is fine here
	}
}
