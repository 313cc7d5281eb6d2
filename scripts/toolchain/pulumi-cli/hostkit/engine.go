package hostkit

// What the Go and Python hosts keep of their engine, and answer it the same way: the engine's address (the
// first argument after the flags, `pulumi-language-<lang> [flags] <engine address>`, then the
// handshake's), which a program is given to log through, and the plugin's version.

import (
	"context"

	"github.com/pulumi/pulumi/sdk/v3/go/common/version"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/protobuf/types/known/emptypb"
)

// Engine is embedded by a host beside Unsupported (whose stubs it overrides); Address is where the engine serves its logging API.
type Engine struct {
	Address string
}

// EngineFromArgs is the engine the command line names (flag.Args()), if any.
func EngineFromArgs(args []string) Engine {
	if len(args) == 0 {
		return Engine{}
	}
	return Engine{Address: args[0]}
}

func (e *Engine) Handshake(
	_ context.Context, req *pulumirpc.LanguageHandshakeRequest,
) (*pulumirpc.LanguageHandshakeResponse, error) {
	e.Address = req.GetEngineAddress()
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

func (e *Engine) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: version.Version}, nil
}
