package agent

import "github.com/scout-research/scout/backend/agent/reply"

// The five actions, as the model names them (package reply reads them).
const (
	ActSearch   = reply.ActSearch
	ActNavigate = reply.ActNavigate
	ActReadMore = reply.ActReadMore
	ActDiscover = reply.ActDiscover
	ActFinish   = reply.ActFinish
)

// Action is one parsed model reply (reply.Action).
type Action = reply.Action

// ParseAction reads a model reply into an Action (reply.Parse).
func ParseAction(text string) (Action, error) { return reply.Parse(text) }
