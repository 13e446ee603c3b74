package solve

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestXChain(t *testing.T) {
	// 5 in rows 1, 4, 7 only at two cells each:
	// (5)r1c1=(5)r1c5-(5)r4c5=(5)r4c8-(5)r7c8=(5)r7c3, so r1c1 or r7c3 is
	// 5: r2c3, r3c3 (box 1, column 3) and r8c1, r9c1 (box 7, column 1)
	// lose it. No shorter chain eliminates anything.
	setup := func(row4 ...string) *human {
		h := newHuman(t, Shape9, "")
		h.keepDigit(Unit{Row, 0}, 5, "r1c1", "r1c5")
		h.keepDigit(Unit{Row, 3}, 5, row4...)
		h.keepDigit(Unit{Row, 6}, 5, "r7c8", "r7c3")
		return h
	}
	steps := setup("r4c5", "r4c8").findAll(func(h *human) { h.chains(XChain) })
	s := withEffect(steps, nil, elimsOf(5, "r2c3", "r3c3", "r8c1", "r9c1"))
	require.NotNil(t, s, "%v", steps)
	assert.Len(t, s.Chain, 6)
	for _, st := range steps {
		assert.Len(t, st.Chain, 6, "only the shortest chains")
	}
	assert.Contains(t, []string{
		"X-Chain: (5)r1c1=(5)r1c5-(5)r4c5=(5)r4c8-(5)r7c8=(5)r7c3 => r2c3<>5, r3c3<>5, r8c1<>5, r9c1<>5. One end is true, so 5 is removed from r2c3, r3c3, r8c1, r9c1.",
		"X-Chain: (5)r7c3=(5)r7c8-(5)r4c8=(5)r4c5-(5)r1c5=(5)r1c1 => r2c3<>5, r3c3<>5, r8c1<>5, r9c1<>5. One end is true, so 5 is removed from r2c3, r3c3, r8c1, r9c1.",
	}, s.Text())
	checkEureka(t, &setup("r4c5", "r4c8").b, s)

	// row 4 with a third place: the chain breaks
	assert.Empty(t, setup("r4c2", "r4c5", "r4c8").findAll(func(h *human) { h.chains(XChain) }))
}

func TestXYChain(t *testing.T) {
	// r1c1 {1,2}, r1c5 {2,3}, r5c5 {3,4}, r5c9 {4,1}: r1c1 or r5c9 is 1,
	// so r1c9 and r5c1 lose 1
	setup := func(last int) *human {
		h := newHuman(t, Shape9, "")
		h.setCands("r1c1", 1, 2)
		h.setCands("r1c5", 2, 3)
		h.setCands("r5c5", 3, 4)
		h.setCands("r5c9", 4, last)
		return h
	}
	steps := setup(1).findAll(func(h *human) { h.chains(XYChain) })
	s := withEffect(steps, nil, elimsOf(1, "r1c9", "r5c1"))
	require.NotNil(t, s, "%v", steps)
	assert.Len(t, s.Chain, 8)
	assert.Contains(t, []string{
		"(1=2)r1c1-(2=3)r1c5-(3=4)r5c5-(4=1)r5c9 => r1c9<>1, r5c1<>1",
		"(1=4)r5c9-(4=3)r5c5-(3=2)r1c5-(2=1)r1c1 => r1c9<>1, r5c1<>1",
		"(1=2)r1c1-(2=3)r1c5-(3=4)r5c5-(4=1)r5c9 => r5c1<>1, r1c9<>1",
		"(1=4)r5c9-(4=3)r5c5-(3=2)r1c5-(2=1)r1c1 => r5c1<>1, r1c9<>1",
	}, s.Eureka())
	checkEureka(t, &setup(1).b, s)

	assert.Empty(t, setup(6).findAll(func(h *human) { h.chains(XYChain) }))
}

func TestAIC(t *testing.T) {
	// (1)r1c1=(2)r1c1-(2)r1c7=(2)r5c7-(1)r5c7=(1)r5c4: r1c1 {1,2}; 2 in
	// column 7 only at r1, r5; 1 in row 5 only at c4, c7. Either r1c1 or
	// r5c4 is 1, so r1c4, which sees both, loses 1.
	setup := func(col7 ...string) *human {
		h := newHuman(t, Shape9, "")
		h.setCands("r1c1", 1, 2)
		h.keepDigit(Unit{Col, 6}, 2, col7...)
		h.keepDigit(Unit{Row, 4}, 1, "r5c4", "r5c7")
		return h
	}
	steps := setup("r1c7", "r5c7").findAll(func(h *human) { h.chains(AIC) })
	s := withEffect(steps, nil, elimsOf(1, "r1c4"))
	require.NotNil(t, s, "%v", steps)
	assert.Len(t, s.Chain, 6)
	assert.Contains(t, []string{
		"AIC: (1=2)r1c1-(2)r1c7=(2-1)r5c7=(1)r5c4 => r1c4<>1. One end is true, so 1 is removed from r1c4.",
		"AIC: (1)r5c4=(1-2)r5c7=(2)r1c7-(2=1)r1c1 => r1c4<>1. One end is true, so 1 is removed from r1c4.",
	}, s.Text())
	checkEureka(t, &setup("r1c7", "r5c7").b, s)

	// 2 in column 7 also at r8: no chain
	assert.Empty(t, setup("r1c7", "r5c7", "r8c7").findAll(func(h *human) { h.chains(AIC) }))
}

func TestContinuousNiceLoop(t *testing.T) {
	// (1)r1c1=(2)r1c1-(2)r1c7=(2)r5c7-(1)r5c7=(1)r5c1, and r5c1 sees r1c1:
	// the chain closes into a loop. Every weak link holds one true
	// candidate: 2 is in r1c1 or r1c7 (the rest of row 1 loses 2), r5c7 is
	// 1 or 2, and 1 is in r5c1 or r1c1 (the rest of column 1 loses 1).
	setup := func(col7 ...string) *human {
		h := newHuman(t, Shape9, "")
		h.setCands("r1c1", 1, 2)
		h.keepDigit(Unit{Col, 6}, 2, col7...)
		h.keepDigit(Unit{Row, 4}, 1, "r5c1", "r5c7")
		return h
	}
	steps := setup("r1c7", "r5c7").findAll(func(h *human) { h.chains(AIC) })
	want := append(elimsOf(1, "r2c1", "r3c1", "r4c1", "r6c1", "r7c1", "r8c1", "r9c1"),
		elimsOf(2, "r1c2", "r1c3", "r1c4", "r1c5", "r1c6", "r1c8", "r1c9")...)
	for d := 3; d <= 9; d++ {
		want = append(want, elimsOf(d, "r5c7")...)
	}
	require.NotEmpty(t, steps)
	for k := range steps {
		// every rotation of the loop finds all of it
		require.NotNil(t, withEffect(steps[k:k+1], nil, want), "%s", steps[k].Text())
		assert.Contains(t, steps[k].Text(), "closes into a loop")
		checkEureka(t, &setup("r1c7", "r5c7").b, &steps[k])
	}

	// 2 in column 7 also at r8: no loop, and no chain
	assert.Empty(t, setup("r1c7", "r5c7", "r8c7").findAll(func(h *human) { h.chains(AIC) }))
}

func TestGroupedAIC(t *testing.T) {
	// 3 in column 4 only at r3c4 and in box 8 (r7c4, r9c4); 3 in row 8
	// only at r8c2 and in box 8 (r8c5, r8c6):
	// (3)r3c4=(3)r79c4-(3)r8c56=(3)r8c2, so r3c4 or r8c2 is 3 and r3c2
	// loses it. No chain of single cells shows it.
	setup := func(row8 ...string) *human {
		h := newHuman(t, Shape9, "")
		h.keepDigit(Unit{Col, 3}, 3, "r3c4", "r7c4", "r9c4")
		h.keepDigit(Unit{Row, 7}, 3, row8...)
		return h
	}
	steps := setup("r8c2", "r8c5", "r8c6").findAll(func(h *human) { h.chains(GroupedAIC) })
	s := withEffect(steps, nil, elimsOf(3, "r3c2"))
	require.NotNil(t, s, "%v", steps)
	assert.Contains(t, []string{
		"Grouped AIC: (3)r3c4=(3)r79c4-(3)r8c56=(3)r8c2 => r3c2<>3. One end is true, so 3 is removed from r3c2.",
		"Grouped AIC: (3)r8c2=(3)r8c56-(3)r79c4=(3)r3c4 => r3c2<>3. One end is true, so 3 is removed from r3c2.",
	}, s.Text())
	checkEureka(t, &setup("r8c2", "r8c5", "r8c6").b, s)
	require.Len(t, s.ChainCells, len(s.Chain))
	assert.Nil(t, s.ChainCells[0])
	assert.Len(t, s.ChainCells[1], 2)
	assert.Empty(t, setup("r8c2", "r8c5", "r8c6").findAll(func(h *human) { h.chains(AIC) }))

	// 3 in row 8 also at r8c9: the group has no strong link, no chain
	assert.Empty(t, setup("r8c2", "r8c5", "r8c6", "r8c9").findAll(func(h *human) { h.chains(GroupedAIC) }))
}
