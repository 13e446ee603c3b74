package layout

// Line is the weight of one side of a cell's border.
type Line uint8

const (
	NoLine Line = iota
	Thin
	Thick
)

func (l Line) String() string { return [...]string{"none", "thin", "thick"}[l] }

// Borders holds the line on each side of a cell.
type Borders struct{ Left, Top, Right, Bottom Line }

// Align is a horizontal or vertical alignment.
type Align uint8

const (
	AlignDefault Align = iota // the spreadsheet's own: text left, numbers right, bottom
	AlignStart                // left, or top
	AlignCenter
	AlignEnd // right, or bottom
)

// Style is how one cell looks. It is comparable, so it can key a map: a
// renderer makes each distinct Style once and reuses it.
type Style struct {
	FontSize  float64 // points; 0 keeps the workbook's default size
	Font      string  // the font's family; "" keeps the workbook's default font
	Bold      bool
	Underline bool
	Strike    bool   // struck through: a candidate a step eliminates
	Color     string // font colour as RRGGBB; "" keeps the default (black)
	Fill      string // solid background as RRGGBB; "" for none
	Border    Borders
	HAlign    Align
	VAlign    Align
	Wrap      bool // wrap text within the cell
	Unlocked  bool // may be changed on a protected sheet
	Hide      bool // on a protected sheet, show the value but not the formula
	// NumFmt is a built-in number format by its id (9 is "0%"); 0 is
	// General.
	NumFmt int
}

// PercentFormat is the built-in number format "0%".
const PercentFormat = 9

// The colours of the boards.
const (
	GivenColor  = "000000" // givens: bold black
	FilledColor = "1F4FD1" // digits the solver filled in: blue
	GivenFill   = "E3E3E3" // the squares of a given on the Candidates board
)
