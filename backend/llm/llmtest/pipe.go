package llmtest

import (
	"context"
	"net"
	"net/http"
	"sync"
)

// Pipe serves a handler over in-memory connections (net.Pipe) instead of
// a loopback port, for a test run in a testing/synctest bubble. There the
// time package keeps the bubble's own clock, which moves on only while
// every goroutine of the bubble waits on another: a fake's sleeps, the
// client's watchdog and its once-a-second waits then come in the order
// their times say, however busy the machine is. A goroutine waiting on a
// network socket could be woken from outside the bubble, so time would
// stand still over a loopback port; over a Pipe it moves. The whole of
// net/http still runs on both sides, so a client that hangs up is
// noticed by the handler as over a real connection.
//
// Make and Close a Pipe inside the bubble.
type Pipe struct {
	l      *pipeListener
	srv    *http.Server
	tr     *http.Transport
	served chan struct{}
	conns  sync.WaitGroup // connections being served
}

// pipeURL is the address a Pipe's client reaches it at: any host does,
// as every connection its client dials goes to the Pipe.
const pipeURL = "http://llmtest.pipe"

// ServePipe serves h over in-memory connections, reached through the
// Pipe's Client at its URL.
func ServePipe(h http.Handler) *Pipe {
	l := &pipeListener{conns: make(chan net.Conn), closed: make(chan struct{})}
	p := &Pipe{l: l, served: make(chan struct{})}
	p.srv = &http.Server{Handler: h, ConnState: p.track}
	p.tr = &http.Transport{DialContext: l.dial}
	go func() {
		defer close(p.served)
		_ = p.srv.Serve(l)
	}()
	return p
}

// URL is the Pipe's address, as a server's base URL without a path.
func (p *Pipe) URL() string { return pipeURL }

// Client is the HTTP client that reaches the Pipe; nothing else can.
func (p *Pipe) Client() *http.Client { return &http.Client{Transport: p.tr} }

// Close ends every connection and the serving, and waits for both to
// end, a handler answering included (its request's context is done), so
// no goroutine of the Pipe outlives the bubble's time: once the test's own
// goroutine ends, the bubble's clock stops, and a handler asleep then
// would never wake.
func (p *Pipe) Close() {
	p.tr.CloseIdleConnections()
	_ = p.srv.Close()
	<-p.served
	p.conns.Wait()
}

// track counts the connections being served: the server tells a new one
// before it serves it, and a closed one once it is done with it.
func (p *Pipe) track(_ net.Conn, state http.ConnState) {
	switch state {
	case http.StateNew:
		p.conns.Add(1)
	case http.StateClosed, http.StateHijacked:
		p.conns.Done()
	}
}

// pipeListener hands the server one end of each connection its client
// dials.
type pipeListener struct {
	conns  chan net.Conn
	closed chan struct{}
	once   sync.Once
}

// dial connects to the server: it takes its end of the pipe through
// Accept.
func (l *pipeListener) dial(ctx context.Context, _, _ string) (net.Conn, error) {
	server, client := net.Pipe()
	select {
	case l.conns <- server:
		return client, nil
	case <-l.closed:
		return nil, net.ErrClosed
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Accept implements net.Listener.
func (l *pipeListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.closed:
		return nil, net.ErrClosed
	}
}

// Close implements net.Listener.
func (l *pipeListener) Close() error {
	l.once.Do(func() { close(l.closed) })
	return nil
}

// Addr implements net.Listener.
func (l *pipeListener) Addr() net.Addr { return pipeAddr{} }

type pipeAddr struct{}

func (pipeAddr) Network() string { return "pipe" }
func (pipeAddr) String() string  { return "llmtest.pipe" }

// Piped is a fake model server served over a Pipe (see ServePipe).
type Piped struct {
	*Pipe
	*Handler
}

// NewPiped starts a fake model server over in-memory connections, for a
// test in a synctest bubble; reach it with its Client at its BaseURL.
func NewPiped(opts Options) *Piped {
	h := NewHandler(opts)
	return &Piped{Pipe: ServePipe(h), Handler: h}
}

// BaseURL is the OpenAI API's base URL on the fake.
func (p *Piped) BaseURL() string { return p.URL() + "/v1" }
