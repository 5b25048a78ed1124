// Package port holds the plain values that cross the agent's ports (see
// ../ports.go): a page visit and why one failed, a search result, and a
// notice an adapter gives the user while a call runs. The agent owns them;
// the adapters (browser, search, llm) and the fake web import this package
// rather than the agent, so none of them links the agent's rules and the
// agent links none of them. It imports nothing of Scout's but page and
// chat.
package port
