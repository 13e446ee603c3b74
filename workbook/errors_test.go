package workbook

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestErrCellWrapsErrInvalid: ErrCell reads and unwraps as fmt.Errorf
// would have made it.
func TestErrCellWrapsErrInvalid(t *testing.T) {
	assert.Equal(t, "invalid puzzle: cells that are not digits or blanks", ErrCell.Error())
	assert.True(t, errors.Is(ErrCell, ErrInvalid))
	assert.False(t, errors.Is(ErrInvalid, ErrCell))
}
