package main

// Editing a program's package.json the way npm writes it (`npm pkg set`, `npm install <x>`):
// members keep their order, the file keeps its indentation and final newline, and only the one
// dependency changes.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
)

// member is one "key": value of a JSON object, the value as written.
type member struct {
	key   string
	value json.RawMessage
}

// object is a JSON object whose members keep their order.
type object []member

func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		key, err := json.Marshal(m.key)
		if err != nil {
			return nil, err
		}
		b.Write(key)
		b.WriteByte(':')
		b.Write(m.value)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// parseObject reads a JSON object, keeping the order of its members.
func parseObject(data []byte) (object, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, errors.New("not a JSON object")
	}
	var o object
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return nil, err
		}
		o = append(o, member{key, value})
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, errors.New("text after the JSON object")
	}
	return o, nil
}

// set replaces the member named key, or appends it.
func (o object) set(key string, value json.RawMessage) object {
	for i := range o {
		if o[i].key == key {
			o[i].value = value
			return o
		}
	}
	return append(o, member{key, value})
}

func (o object) get(key string) json.RawMessage {
	for _, m := range o {
		if m.key == key {
			return m.value
		}
	}
	return nil
}

// indentOf is the indentation of a JSON file's first indented line (npm keeps a file's own);
// two spaces when it has none.
func indentOf(text []byte) string {
	for _, line := range strings.Split(string(text), "\n")[1:] {
		trimmed := strings.TrimLeft(line, " \t")
		if trimmed != "" && len(trimmed) < len(line) {
			return line[:len(line)-len(trimmed)]
		}
	}
	return "  "
}

// setDependency sets dependencies[name] = spec in the package.json at path.
func setDependency(path, name, spec string) error {
	text, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("Link: there is no %s to add %s to: a Node.js program needs one "+
			"(`npm init -y`, then `npm install @pulumi/pulumi`)", path, name)
	}
	if err != nil {
		return err
	}
	manifest, err := parseObject(text)
	if err != nil {
		return fmt.Errorf("Link: %s: %w", path, err)
	}
	deps := object{}
	if raw := manifest.get("dependencies"); raw != nil && string(raw) != "null" {
		if deps, err = parseObject(raw); err != nil {
			return fmt.Errorf("Link: %s: dependencies: %w", path, err)
		}
	}
	value, err := json.Marshal(spec)
	if err != nil {
		return err
	}
	depsJSON, err := deps.set(name, value).MarshalJSON()
	if err != nil {
		return err
	}
	compact, err := manifest.set("dependencies", depsJSON).MarshalJSON()
	if err != nil {
		return err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, compact, "", indentOf(text)); err != nil {
		return err
	}
	if len(text) == 0 || bytes.HasSuffix(text, []byte("\n")) {
		out.WriteByte('\n')
	}
	return os.WriteFile(path, out.Bytes(), 0o644)
}
