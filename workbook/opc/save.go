package opc

import (
	"archive/zip"
	"compress/flate"
	"errors"
	"io"
	"strings"
	"sync"
	"time"
)

// Part is a part to add to a package: its name and its content.
type Part struct {
	Name    string
	Content []byte
}

// Save writes a package to w made from p: p's parts in their order, those
// named in replace (by lower-cased name) with new content, those named in
// drop left out, the rest copied raw, still compressed and byte for byte;
// then the parts in add. The caller adds their content types and
// relationships (OverrideElement, RelationshipElement) in the parts it
// replaces, and removes those of the parts dropped (DropChildren).
//
// What it compresses, it compresses as NewZipWriter does.
func (p *Package) Save(w io.Writer, replace map[string][]byte, add []Part, drop map[string]bool) error {
	zw := NewZipWriter(w)
	for _, f := range p.zr.File {
		if drop[strings.ToLower(f.Name)] {
			continue
		}
		if content, ok := replace[strings.ToLower(f.Name)]; ok {
			hw, err := zw.CreateHeader(&zip.FileHeader{Name: f.Name, Method: zip.Deflate, Modified: f.Modified})
			if err != nil {
				return err
			}
			if _, err := hw.Write(content); err != nil {
				return err
			}
			continue
		}
		if strings.HasSuffix(f.Name, "/") {
			// A folder entry holds nothing, but some zip tools store it
			// compressed (an empty deflate stream), which zw.Copy would
			// write into a folder; CreateHeader writes it empty.
			fh := f.FileHeader
			if _, err := zw.CreateHeader(&fh); err != nil {
				return err
			}
			continue
		}
		if err := p.intact(f); err != nil {
			return err
		}
		if err := zw.Copy(f); err != nil {
			return err
		}
	}
	now := time.Now()
	for _, np := range add {
		hw, err := zw.CreateHeader(&zip.FileHeader{Name: np.Name, Method: zip.Deflate, Modified: now})
		if err != nil {
			return err
		}
		if _, err := hw.Write(np.Content); err != nil {
			return err
		}
	}
	return zw.Close()
}

// maxChecked is the largest part (unpacked, as its header declares) that
// Save checks before it copies it raw. Unpacking is what copying raw
// spares: a sheet of a million cells beside the puzzle's (some 30 MB)
// took 0.1 to 0.9 s to check, where the whole run takes 50 ms without it.
// Comments, drawings, charts, most images and most sheets are smaller.
const maxChecked = 4 << 20

// intact unpacks a part that Save copies raw, to check it against the
// size and checksum the zip declares: a damaged part (a comment's, an
// image's) was copied as it was and the copy called written (a walk of 3
// December), where a damaged sheet the reading meets is refused. A part
// declared larger than maxChecked, or than the package's limits (a zip
// bomb's cost), is copied unchecked, as before.
func (p *Package) intact(f *zip.File) error {
	if f.UncompressedSize64 > min(maxChecked, uint64(max(p.limits.Whole, p.limits.Streamed))) {
		return nil
	}
	unpacking(f.Name)
	rc, err := f.Open()
	if errors.Is(err, zip.ErrAlgorithm) {
		return nil // a method Go cannot unpack (Deflate64): copied as before, unchecked
	}
	if err == nil {
		_, err = io.Copy(io.Discard, rc)
		rc.Close()
	}
	if err != nil {
		return &PartError{f.Name, "is damaged: it does not unpack to the size and checksum the zip declares; open the workbook in a spreadsheet app, save it again, and try again"}
	}
	return nil
}

// NewZipWriter is a zip writer that compresses at flate.BestSpeed:
// compression took a third of the time it took to write a tiled book, and
// the file grows by a quarter at most. The compressors are pooled, as
// archive/zip pools its own: making one costs more than compressing a
// small part, and a book of a sheet per puzzle has thousands of parts.
func NewZipWriter(w io.Writer) *zip.Writer {
	zw := zip.NewWriter(w)
	zw.RegisterCompressor(zip.Deflate, NewDeflater)
	return zw
}

// NewDeflater is the compressor of NewZipWriter, writing to w: the raw
// deflate stream of a zip part, for a part compressed apart from the
// writer (zip.Writer.CreateRaw). Close it once.
func NewDeflater(w io.Writer) (io.WriteCloser, error) {
	if fw, ok := fastFlate.Get().(*flate.Writer); ok {
		fw.Reset(w)
		return pooledFlate{fw}, nil
	}
	fw, err := flate.NewWriter(w, flate.BestSpeed)
	return pooledFlate{fw}, err
}

var fastFlate sync.Pool

// pooledFlate returns its writer to the pool when closed (once: archive/zip
// closes each part's compressor once).
type pooledFlate struct{ *flate.Writer }

func (p pooledFlate) Close() error {
	err := p.Writer.Close()
	fastFlate.Put(p.Writer)
	return err
}
