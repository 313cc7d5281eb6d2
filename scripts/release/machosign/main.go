// Command machosign signs a Mach-O executable ad hoc, as `codesign --sign -` does on a Mac, and
// checks such a signature. macOS on Apple silicon kills an unsigned (or wrongly signed) arm64
// executable at exec, and no Apple tool runs on Linux; Debian has no ldid, and the Go module proxy
// here refuses anchore/quill, so the release signs with blacktop/go-macho's CodeSign.
//
//	machosign -id pulumi-resource-collectors FILE   # sign FILE in place (it must carry no signature)
//	machosign -verify FILE                          # exit 1 unless FILE is ad-hoc signed and every
//	                                                # page hash of its code directory matches
//
// -verify recomputes what macOS's kernel checks at exec (each page's SHA-256 against the code
// directory's slots, up to its code limit); it is our own check, not Apple's `codesign --verify`,
// which the release workflow runs on a macOS runner.
package main

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/blacktop/go-macho"
	"github.com/blacktop/go-macho/pkg/codesign"
	"github.com/blacktop/go-macho/pkg/codesign/types"
	mtypes "github.com/blacktop/go-macho/types"
)

func main() {
	id := flag.String("id", "", "the signing identifier (the executable's name)")
	verify := flag.Bool("verify", false, "check FILE's ad-hoc signature instead of signing")
	flag.Parse()
	if flag.NArg() != 1 || (!*verify && *id == "") {
		fmt.Fprintln(os.Stderr, "usage: machosign -id NAME FILE | machosign -verify FILE")
		os.Exit(2)
	}
	file := flag.Arg(0)
	var err error
	if *verify {
		err = check(file)
	} else {
		err = sign(file, *id)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "machosign: %s: %v\n", file, err)
		os.Exit(1)
	}
}

func sign(file, id string) error {
	f, err := macho.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	// An existing signature would lend its identity, team and entitlements to ours: the caller
	// removes Node.js's own (invalid once the blob is injected) first.
	if f.CodeSignature() != nil {
		return errors.New("already signed: remove the signature first")
	}
	if err := f.CodeSign(&codesign.Config{ID: id, Flags: types.ADHOC}); err != nil {
		return err
	}
	// SaveBuffer lays the segments end to end, which loses any gap or data between them (such as
	// the segment postject adds): take from it only what signing changed, the header with its load
	// commands and the __LINKEDIT segment (last in the file, now ending in the signature), and
	// keep every other byte of the original.
	var saved bytes.Buffer
	if err := f.SaveBuffer(&saved); err != nil {
		return err
	}
	original, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	linkedit := f.Segment("__LINKEDIT")
	// Node.js ships 64-bit executables only.
	head := uint64(mtypes.FileHeaderSize64) + uint64(f.SizeCommands)
	out := saved.Bytes()
	if linkedit == nil || uint64(len(out)) < linkedit.Filesz || linkedit.Offset > uint64(len(original)) {
		return errors.New("unexpected layout: __LINKEDIT is not the file's last segment")
	}
	signed := append([]byte{}, original[:linkedit.Offset]...)
	copy(signed, out[:head])
	signed = append(signed, out[uint64(len(out))-linkedit.Filesz:]...)
	return os.WriteFile(file, signed, 0o755)
}

func check(file string) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	f, err := macho.NewFile(bytes.NewReader(data))
	if err != nil {
		return err
	}
	defer f.Close()
	cs := f.CodeSignature()
	if cs == nil || len(cs.CodeDirectories) == 0 {
		return errors.New("not signed")
	}
	cd := cs.CodeDirectories[0]
	if cd.Header.Flags&types.ADHOC == 0 {
		return fmt.Errorf("not an ad-hoc signature (flags %v)", cd.Header.Flags)
	}
	if cd.Header.HashSize != sha256.Size {
		return fmt.Errorf("hash size %d, want SHA-256", cd.Header.HashSize)
	}
	page := uint64(1) << cd.Header.PageSize
	limit := uint64(cd.Header.CodeLimit)
	if cd.Header.CodeLimit64 != 0 {
		limit = cd.Header.CodeLimit64
	}
	if limit > uint64(len(data)) {
		return fmt.Errorf("code limit %d beyond the file's %d bytes", limit, len(data))
	}
	if want := (limit + page - 1) / page; uint64(len(cd.CodeSlots)) != want {
		return fmt.Errorf("%d code slots for %d bytes, want %d", len(cd.CodeSlots), limit, want)
	}
	for i, slot := range cd.CodeSlots {
		start := uint64(i) * page
		sum := sha256.Sum256(data[start:min(start+page, limit)])
		if !bytes.Equal(sum[:], slot.Hash) {
			return fmt.Errorf("page %d (offset %d) does not match its hash", i, start)
		}
	}
	fmt.Printf("%s: ad-hoc signed as %q, %d pages verified\n", file, cd.ID, len(cd.CodeSlots))
	return nil
}
