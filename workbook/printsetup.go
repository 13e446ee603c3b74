package workbook

import (
	"fmt"
	"math"

	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/layout"
)

// setPrint gives a sheet drawn with excelize's own functions (the class
// summary, with its chart; the Instructions of a book of worksheets) the
// print setup that sheetPart writes for ours: pr's paper, orientation,
// fit, margins, centring, header and footer, breaks and print area.
func setPrint(f *excelize.File, sheet string, pr layout.Print) error {
	yes, one, zero := true, 1, 0
	orient := "portrait"
	if pr.Landscape {
		orient = "landscape"
	}
	opts := &excelize.PageLayoutOptions{Size: &pr.Paper.Code, Orientation: &orient}
	switch pr.Fit {
	case layout.FitPage:
		opts.FitToWidth, opts.FitToHeight = &one, &one
	case layout.FitWidth:
		opts.FitToWidth, opts.FitToHeight = &one, &zero
	}
	if pr.PageNumbers {
		first := uint(1)
		opts.FirstPageNumber = &first
	}
	if err := f.SetPageLayout(sheet, opts); err != nil {
		return err
	}
	if pr.Fit != layout.FitNone {
		if err := f.SetSheetProps(sheet, &excelize.SheetPropsOptions{FitToPage: &yes}); err != nil {
			return err
		}
	}
	side, top, bottom, header, footer := layout.MarginSide, layout.MarginTop, layout.MarginBottom, layout.MarginHeader, layout.MarginFooter
	if err := f.SetPageMargins(sheet, &excelize.PageLayoutMarginsOptions{
		Left: &side, Right: &side, Top: &top, Bottom: &bottom, Header: &header, Footer: &footer,
		Horizontally: &pr.CenterH, Vertically: &pr.CenterV,
	}); err != nil {
		return err
	}
	if h, ft := headerFooter(pr); h != "" || ft != "" {
		if err := f.SetHeaderFooter(sheet, &excelize.HeaderFooterOptions{OddHeader: h, OddFooter: ft}); err != nil {
			return err
		}
	}
	for _, row := range pr.Breaks {
		if err := f.InsertPageBreak(sheet, fmt.Sprintf("A%d", row)); err != nil {
			return err
		}
	}
	ref := quoteSheet(sheet) + "!"
	if pr.Area != (layout.Rect{}) {
		if err := f.SetDefinedName(&excelize.DefinedName{Name: "_xlnm.Print_Area", RefersTo: ref + pr.Area.Absolute(), Scope: sheet}); err != nil {
			return err
		}
	}
	if t := pr.TitleRows; t[0] > 0 {
		if err := f.SetDefinedName(&excelize.DefinedName{Name: "_xlnm.Print_Titles", RefersTo: fmt.Sprintf("%s$%d:$%d", ref, t[0], t[1]), Scope: sheet}); err != nil {
			return err
		}
	}
	return nil
}

// points is the width of a column of width units, in points, as Excel
// draws it (whole pixels).
func (r *renderer) points(units float64) float64 {
	d := float64(r.digitPx)
	return math.Trunc((256*units+math.Trunc(128/d))/256*d) * 0.75
}
