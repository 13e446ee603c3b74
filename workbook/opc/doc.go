// Package opc edits an Office Open XML package (an .xlsx is one) without
// disturbing its bytes. A package is a zip of parts; each part has a name
// (matched without regard to case), a content type, and relationships to
// other parts, listed in a .rels part beside it.
//
// Open reads a package read-only; its parts are decompressed only when
// asked for, and never past the Limits given, so a decompression bomb is
// refused rather than read. Relationships finds parts the way a consumer
// must: by relationship from a source part. Save writes a new package:
// parts replaced, added and left out, every other part copied byte for
// byte, still compressed. Edits to a part are byte splices (ApplyEdits,
// InsertBeforeRootEnd, DropChildren) so that what a caller does not
// change stays as the producer wrote it; SpliceStyles does that for a
// SpreadsheetML styles part.
//
// The package knows nothing of Sudoku and little of spreadsheets (only the
// styles splice does): package workbook, above it, gives parts their
// meaning.
package opc
