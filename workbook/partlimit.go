package workbook

import "github.com/xlsudoku/xlsudoku/workbook/opc"

// A workbook is a zip, and a zip of 1 MB can unpack to gigabytes; package
// opc refuses a part past its limit, or with an XML token longer than
// opc.MaxToken, rather than hold it in memory. Sheets and the shared
// strings are streamed and may unpack to Options.MaxPartSize; the parts
// read whole (the workbook part, relationships, content types, styles) to
// a sixteenth of it.

// DefaultMaxPartSize is the most a streamed part may unpack to when
// Options.MaxPartSize is 0: far above the largest sheet of a real
// workbook, far below what a decompression bomb unpacks to.
const DefaultMaxPartSize = 512 << 20

// wholeShare: a part read whole may unpack to MaxPartSize/wholeShare.
const wholeShare = 16

// limitsOf are the limits of a package whose parts may unpack to maxPart
// bytes (0: DefaultMaxPartSize).
func limitsOf(maxPart int64) opc.Limits {
	if maxPart <= 0 {
		maxPart = DefaultMaxPartSize
	}
	return opc.Limits{
		Streamed: maxPart,
		Whole:    max(maxPart/wholeShare, 1),
		Advice:   ", the most xlsudoku reads of it (--max-part-size raises the limit)",
	}
}
