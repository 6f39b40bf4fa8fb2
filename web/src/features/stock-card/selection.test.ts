import { API } from '@itms/contracts/api';
import { describe, expect, it } from 'vitest';
import { endpointKey } from '../../lib/api-client';
import { selectionFromParams } from './selection';

describe('stock card selection from the URL', () => {
  it('?tire=<id> is the card of one tire; its query key names the tire', () => {
    const sel = selectionFromParams(new URLSearchParams('tire=42&size=x'));
    expect(sel).toEqual({ kind: 'tire', tireId: 42 });
    const input = { params: { id: 42 }, query: { page: 1, pageSize: 50 } };
    expect(endpointKey(API.getTireStockCard, input)).toEqual([
      'stock',
      'getTireStockCard',
      { id: 42 },
      { page: 1, pageSize: 50 },
    ]);
    expect(endpointKey(API.getTireStockCard, { ...input, params: { id: 43 } })).not.toEqual(
      endpointKey(API.getTireStockCard, input),
    );
  });

  it('?size=&brand= (either or both) is the card of a size/brand', () => {
    expect(selectionFromParams(new URLSearchParams('size=11.00-20&brand=DUNLOP'))).toEqual({
      kind: 'group',
      size: '11.00-20',
      brand: 'DUNLOP',
    });
    expect(selectionFromParams(new URLSearchParams('brand=MICHELIN'))).toEqual({
      kind: 'group',
      size: undefined,
      brand: 'MICHELIN',
    });
  });

  it('nothing or a bad id asks the user to choose', () => {
    expect(selectionFromParams(new URLSearchParams(''))).toEqual({ kind: 'none' });
    expect(selectionFromParams(new URLSearchParams('tire=abc'))).toEqual({ kind: 'none' });
    expect(selectionFromParams(new URLSearchParams('tire=0'))).toEqual({ kind: 'none' });
  });
});
