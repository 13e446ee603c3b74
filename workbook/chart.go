package workbook

import (
	"bytes"
	"cmp"
	"fmt"
	"strconv"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/workbook/opc"
)

// A new workbook's charts (the class summary's bars) are written here as
// three parts per sheet that has any: the sheet's relationships, naming
// its drawing; the drawing, anchoring each chart to the cells it covers;
// and each chart. Anchoring to cells, not to a size in pixels, keeps a
// chart inside the rows planned for it whatever the app makes of a row.

const (
	nsChart       = "http://schemas.openxmlformats.org/drawingml/2006/chart"
	nsDrawingMain = "http://schemas.openxmlformats.org/drawingml/2006/main"
	nsSheetDraw   = "http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing"
	ctDrawing     = "application/vnd.openxmlformats-officedocument.drawing+xml"
	ctChart       = "application/vnd.openxmlformats-officedocument.drawingml.chart+xml"
)

// chartedSheet is a sheet with charts and the numbers of its parts: its
// drawing, and its first chart (the others follow).
type chartedSheet struct {
	s          *ourSheet
	drawing    int
	firstChart int
}

// chartedSheets numbers the drawings and charts of sheets that have any.
func chartedSheets(sheets []*ourSheet) []chartedSheet {
	var out []chartedSheet
	next := 1
	for _, s := range sheets {
		if n := len(s.sheet.Charts); n > 0 {
			out = append(out, chartedSheet{s: s, drawing: len(out) + 1, firstChart: next})
			next += n
		}
	}
	return out
}

// chartOverrides are the content types of the drawing and chart parts.
func chartOverrides(b *bytes.Buffer, charted []chartedSheet) {
	for _, c := range charted {
		fmt.Fprintf(b, `<Override PartName="/xl/drawings/drawing%d.xml" ContentType="%s"/>`, c.drawing, ctDrawing)
		for k := range c.s.sheet.Charts {
			fmt.Fprintf(b, `<Override PartName="/xl/charts/chart%d.xml" ContentType="%s"/>`, c.firstChart+k, ctChart)
		}
	}
}

// chartParts are the parts of a sheet's charts: its relationships (the
// sheet part names its drawing rId1), its drawing and the drawing's
// relationships, and each chart.
func chartParts(c chartedSheet) []opc.Part {
	sheetRels := fmt.Sprintf("xl/worksheets/_rels/sheet%d.xml.rels", c.s.index+1)
	parts := []opc.Part{{Name: sheetRels, Content: []byte(xmlDecl + `<Relationships xmlns="` + nsPackageRels + `">` +
		fmt.Sprintf(`<Relationship Id="rId1" Type="%s/drawing" Target="../drawings/drawing%d.xml"/>`, nsRelationships, c.drawing) +
		`</Relationships>`)}}
	var drawing, rels bytes.Buffer
	drawing.WriteString(xmlDecl + `<xdr:wsDr xmlns:xdr="` + nsSheetDraw + `" xmlns:a="` + nsDrawingMain + `">`)
	rels.WriteString(xmlDecl + `<Relationships xmlns="` + nsPackageRels + `">`)
	for k, ch := range c.s.sheet.Charts {
		// The anchor's cells count from 0; it ends at the top left of
		// the cell past the area.
		fmt.Fprintf(&drawing, `<xdr:twoCellAnchor><xdr:from><xdr:col>%d</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>%d</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from>`+
			`<xdr:to><xdr:col>%d</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>%d</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:to>`,
			ch.Area.Min.Col-1, ch.Area.Min.Row-1, ch.Area.Max.Col, ch.Area.Max.Row)
		fmt.Fprintf(&drawing, `<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="%d" name="Chart %d" descr="%s"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr>`+
			`<xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm><a:graphic><a:graphicData uri="`+nsChart+`">`+
			`<c:chart xmlns:c="`+nsChart+`" xmlns:r="`+nsRelationships+`" r:id="rId%d"/></a:graphicData></a:graphic></xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor>`,
			k+2, k+1, esc(ch.Title), k+1)
		fmt.Fprintf(&rels, `<Relationship Id="rId%d" Type="%s/chart" Target="../charts/chart%d.xml"/>`, k+1, nsRelationships, c.firstChart+k)
		parts = append(parts, opc.Part{Name: fmt.Sprintf("xl/charts/chart%d.xml", c.firstChart+k), Content: barChartXML(c.s.name, ch)})
	}
	drawing.WriteString(`</xdr:wsDr>`)
	rels.WriteString(`</Relationships>`)
	return append(parts,
		opc.Part{Name: fmt.Sprintf("xl/drawings/drawing%d.xml", c.drawing), Content: drawing.Bytes()},
		opc.Part{Name: fmt.Sprintf("xl/drawings/_rels/drawing%d.xml.rels", c.drawing), Content: rels.Bytes()})
}

// catLabels sets the size of the category labels (the students' files),
// when ch sets it.
func catLabels(ch layout.BarChart) string {
	if ch.LabelPoints <= 0 {
		return ""
	}
	return fmt.Sprintf(`<c:txPr><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="%d"/></a:pPr><a:endParaRPr lang="en-US"/></a:p></c:txPr>`, int(ch.LabelPoints*100))
}

// valueLabels labels each bar with its value, when ch asks for it, at
// the bar's end, in the size of the category labels.
func valueLabels(ch layout.BarChart) string {
	if ch.ValueFormat == "" {
		return ""
	}
	return `<c:dLbls><c:numFmt formatCode="` + esc(ch.ValueFormat) + `" sourceLinked="0"/><c:spPr><a:noFill/><a:ln><a:noFill/></a:ln></c:spPr>` + catLabels(ch) +
		`<c:dLblPos val="outEnd"/><c:showLegendKey val="0"/><c:showVal val="1"/><c:showCatName val="0"/><c:showSerName val="0"/><c:showPercent val="0"/><c:showBubbleSize val="0"/></c:dLbls>`
}

// catSkip labels every ch.LabelSkip-th category, when ch sets it.
func catSkip(ch layout.BarChart) string {
	if ch.LabelSkip <= 0 {
		return ""
	}
	return fmt.Sprintf(`<c:tickLblSkip val="%d"/>`, ch.LabelSkip)
}

// barChartXML is the chart part of ch, whose cells are on sheet. The
// categories run down from the top (the category axis reversed), so the
// value axis crosses at the last of them: at the foot of the chart.
func barChartXML(sheet string, ch layout.BarChart) []byte {
	ref := func(r layout.Rect) string { return esc(quoteSheet(sheet) + "!" + r.Absolute()) }
	var b bytes.Buffer
	b.WriteString(xmlDecl + `<c:chartSpace xmlns:c="` + nsChart + `" xmlns:a="` + nsDrawingMain + `" xmlns:r="` + nsRelationships + `">` +
		`<c:roundedCorners val="0"/><c:chart>`)
	if ch.Title != "" {
		b.WriteString(`<c:title><c:tx><c:rich><a:bodyPr/><a:p><a:pPr><a:defRPr sz="1400" b="0"/></a:pPr><a:r><a:rPr lang="en-US" sz="1400" b="0"/><a:t>` +
			esc(ch.Title) + `</a:t></a:r></a:p></c:rich></c:tx><c:overlay val="0"/></c:title><c:autoTitleDeleted val="0"/>`)
	} else {
		b.WriteString(`<c:autoTitleDeleted val="1"/>`)
	}
	b.WriteString(`<c:plotArea><c:layout/><c:barChart><c:barDir val="bar"/><c:grouping val="clustered"/><c:varyColors val="0"/>` +
		`<c:ser><c:idx val="0"/><c:order val="0"/><c:tx><c:strRef><c:f>` + ref(layout.Rect{Min: ch.Name, Max: ch.Name}) + `</c:f></c:strRef></c:tx>` +
		`<c:invertIfNegative val="0"/>` + valueLabels(ch) + `<c:cat><c:strRef><c:f>` + ref(ch.Categories) + `</c:f></c:strRef></c:cat>` +
		`<c:val><c:numRef><c:f>` + ref(ch.Values) + `</c:f></c:numRef></c:val></c:ser>` +
		`<c:gapWidth val="60"/><c:axId val="1"/><c:axId val="2"/></c:barChart>` +
		`<c:catAx><c:axId val="1"/><c:scaling><c:orientation val="maxMin"/></c:scaling><c:delete val="0"/><c:axPos val="l"/>` +
		`<c:numFmt formatCode="General" sourceLinked="0"/><c:majorTickMark val="none"/><c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/>` +
		catLabels(ch) +
		`<c:crossAx val="2"/><c:crosses val="autoZero"/><c:auto val="1"/><c:lblAlgn val="ctr"/><c:lblOffset val="100"/>` + catSkip(ch) + `<c:noMultiLvlLbl val="0"/></c:catAx>` +
		`<c:valAx><c:axId val="2"/><c:scaling><c:orientation val="minMax"/>`)
	if ch.Max > ch.Min {
		b.WriteString(`<c:max val="` + strconv.FormatFloat(ch.Max, 'g', -1, 64) + `"/><c:min val="` + strconv.FormatFloat(ch.Min, 'g', -1, 64) + `"/>`)
	}
	b.WriteString(`</c:scaling><c:delete val="0"/><c:axPos val="b"/><c:majorGridlines/>` +
		`<c:numFmt formatCode="` + esc(cmp.Or(ch.AxisFormat, "General")) + `" sourceLinked="0"/><c:majorTickMark val="out"/><c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/>` +
		`<c:crossAx val="1"/><c:crosses val="max"/><c:crossBetween val="between"/></c:valAx></c:plotArea>` +
		`<c:plotVisOnly val="1"/><c:dispBlanksAs val="gap"/></c:chart></c:chartSpace>`)
	return b.Bytes()
}
