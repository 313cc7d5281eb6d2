package hostkit

import (
	"context"
	"strings"
	"testing"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

func TestUnsupportedSaysWhatToDoInstead(t *testing.T) {
	u := Unsupported{Host: "Test language host", Instead: Instead{Pack: "build the package by hand"}}
	var server pulumirpc.LanguageRuntimeServer = u
	_, err := server.Pack(context.Background(), &pulumirpc.PackRequest{})
	if status.Code(err) != codes.Unimplemented {
		t.Fatalf("Pack answered %v, want codes.Unimplemented", err)
	}
	message := status.Convert(err).Message()
	for _, want := range []string{"packing an SDK", "Test language host", "build the package by hand"} {
		if !strings.Contains(message, want) {
			t.Errorf("Pack's message %q does not say %q", message, want)
		}
	}
}
