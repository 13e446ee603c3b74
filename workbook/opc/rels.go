package opc

import (
	"encoding/xml"
	"fmt"
	"io"
	"path"
	"slices"
	"strconv"
	"strings"
)

// Relationship is one entry of a .rels part, with Target resolved to a
// part name (unless External).
type Relationship struct {
	ID, Type, Target string
	External         bool
}

// Relationships are the relationships of one part, in their order.
type Relationships struct {
	List []Relationship
	byID map[string]Relationship
}

// MaxRelationships is the most relationships a .rels part may list: far
// more than real packages have, and a bound on what a crafted one costs.
const MaxRelationships = 1 << 16

// RelsPath is the name of the .rels part of part name ("" for the
// package).
func RelsPath(name string) string {
	dir, base := path.Split(name)
	return dir + "_rels/" + base + ".rels"
}

// Relationships reads the relationships of part name ("" for the
// package's own); a part without a .rels part has none.
func (p *Package) Relationships(name string) (*Relationships, error) {
	rp := RelsPath(name)
	f, ok := p.parts[strings.ToLower(rp)]
	if !ok {
		return &Relationships{}, nil
	}
	r, err := openPart(f, rp, p.limits.Whole, p.limits.Advice)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	t := newTokens(r)
	out := &Relationships{}
	for {
		tok, err := t.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", rp, err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok || se.Name.Local != "Relationship" {
			continue
		}
		if len(out.List) == MaxRelationships {
			return nil, &PartError{rp, fmt.Sprintf("lists more than %d relationships", MaxRelationships)}
		}
		rel := Relationship{ID: attr(se, "Id"), Type: attr(se, "Type"), Target: attr(se, "Target"), External: attr(se, "TargetMode") == "External"}
		if !rel.External {
			rel.Target = ResolveTarget(name, rel.Target)
		}
		out.List = append(out.List, rel)
	}
}

// attr returns the value of the attribute local of se, or "".
func attr(se xml.StartElement, local string) string {
	for _, a := range se.Attr {
		if a.Name.Local == local {
			return a.Value
		}
	}
	return ""
}

// ResolveTarget turns a relationship target into a part name: relative to
// the source part's folder, or from the package root when it starts with /.
func ResolveTarget(source, target string) string {
	if strings.HasPrefix(target, "/") {
		return strings.TrimPrefix(path.Clean(target), "/")
	}
	return strings.TrimPrefix(path.Join(path.Dir(source), target), "/")
}

// ByID returns the relationship with id; of two with one id, the first.
func (rs *Relationships) ByID(id string) (Relationship, bool) {
	if rs.byID == nil {
		rs.byID = make(map[string]Relationship, len(rs.List))
		for _, r := range slices.Backward(rs.List) { // the first of an id wins
			rs.byID[r.ID] = r
		}
	}
	r, ok := rs.byID[id]
	return r, ok
}

// OfType returns the target of the first internal relationship whose type
// ends in suffix ("/styles"), or "".
func (rs *Relationships) OfType(suffix string) string {
	for _, r := range rs.List {
		if strings.HasSuffix(r.Type, suffix) && !r.External {
			return r.Target
		}
	}
	return ""
}

// NextID returns a relationship id not among rs nor in taken, and adds it
// to taken: rId1 past the largest.
func (rs *Relationships) NextID(taken map[string]bool) string {
	n := 0
	for _, r := range rs.List {
		if v, err := strconv.Atoi(strings.TrimPrefix(r.ID, "rId")); err == nil && strings.HasPrefix(r.ID, "rId") {
			n = max(n, v)
		}
	}
	for {
		n++
		id := "rId" + strconv.Itoa(n)
		if !taken[id] {
			taken[id] = true
			return id
		}
	}
}

// RelationshipElement is the <Relationship> element to insert into a
// .rels part for a relationship to part target (relative to the source's
// folder, as RelTarget gives it).
func RelationshipElement(id, typ, target string) string {
	return fmt.Sprintf(`<Relationship Id="%s" Type="%s" Target="%s"/>`, id, typ, EscapeXML(target))
}

// RelTarget returns the target that names part name from source part: relative
// to the source's folder when name is within it, else from the root.
func RelTarget(source, name string) string {
	dir := path.Dir(source)
	if dir == "." || dir == "" {
		return name
	}
	if rest, ok := strings.CutPrefix(name, dir+"/"); ok {
		return rest
	}
	return "/" + name
}
