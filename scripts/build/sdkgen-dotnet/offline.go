package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// The logo the generator downloads for a schema without logoUrl (pkg/v3 v3.228.0, dotnet.getLogo).
const defaultLogo = "https://raw.githubusercontent.com/pulumi/pulumi/dbc96206bec722b7791a22ff50e895ab7c0abdc0/sdk/dotnet/pulumi_logo_64x64.png"

// offline keeps the generator off the network: it downloads the NuGet package's icon while it
// generates (no network here; a build that depends on a download is not reproducible; and the
// default icon is Pulumi's logo, not this project's). Its one request, for the default logo, gets
// an empty answer, which withoutIcon then removes; any other request fails. A schema with a
// logoUrl is refused: its image should come from this repository, which this tool cannot do yet.
// It returns the function that puts the transport back.
func offline(logoURL string) (func(), error) {
	if logoURL != "" {
		return nil, fmt.Errorf("the schema has a logoUrl (%s): the .NET generator would download it; "+
			"sdkgen-dotnet makes no network requests and cannot take the icon from elsewhere yet", logoURL)
	}
	saved := http.DefaultTransport
	http.DefaultTransport = noNetwork{}
	return func() { http.DefaultTransport = saved }, nil
}

type noNetwork struct{}

func (noNetwork) RoundTrip(request *http.Request) (*http.Response, error) {
	if request.Method != http.MethodGet || request.URL.String() != defaultLogo {
		return nil, fmt.Errorf("sdkgen-dotnet makes no network requests: %s %s", request.Method, request.URL)
	}
	return &http.Response{
		Status:     "200 OK",
		StatusCode: http.StatusOK,
		Proto:      "HTTP/1.1",
		ProtoMajor: 1,
		ProtoMinor: 1,
		Header:     http.Header{},
		Body:       io.NopCloser(bytes.NewReader(nil)),
		Request:    request,
	}, nil
}

// The lines of the generator's project template that pack logo.png as the package's icon.
const (
	iconProperty = "    <PackageIcon>logo.png</PackageIcon>\n"
	iconItem     = `  <ItemGroup>
    <None Include="logo.png">
      <Pack>True</Pack>
      <PackagePath></PackagePath>
    </None>
  </ItemGroup>

`
)

// withoutIcon drops the empty logo.png and the project's references to it: a package without an
// icon is valid (nuget.org shows its default), a package with an empty one is not. The generator is
// frozen at this version, so its template does not move; if it did, this fails rather than guess.
func withoutIcon(files map[string][]byte) (map[string][]byte, error) {
	if logo, ok := files["logo.png"]; !ok || len(logo) != 0 {
		return nil, errors.New("expected the generator's logo.png, empty: the generator changed")
	}
	delete(files, "logo.png")
	projects := 0
	for name, content := range files {
		if !strings.HasSuffix(name, ".csproj") || strings.Contains(name, "/") {
			continue
		}
		projects++
		text := string(content)
		for _, fragment := range []string{iconProperty, iconItem} {
			if strings.Count(text, fragment) != 1 {
				return nil, fmt.Errorf("%s: the icon's lines are not the generator's template's: the generator changed", name)
			}
			text = strings.Replace(text, fragment, "", 1)
		}
		files[name] = []byte(text)
	}
	if projects != 1 {
		return nil, fmt.Errorf("expected one project file, the generator wrote %d", projects)
	}
	return files, nil
}
