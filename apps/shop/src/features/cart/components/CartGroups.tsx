import type { CartState, CartLine as Line } from '@yaocai/domain';
import { CartLine } from './CartLine';

interface Props {
  state: CartState;
  busy: boolean;
  onSelect: (ids: number[], selected: boolean) => void;
  onQuantity: (id: number, number: number) => void;
  onDelete: (ids: number[]) => void;
}

interface Group {
  key: string;
  title: string;
  lines: Line[];
}

/** Lines grouped by warehouse, then by the full-reduction activity covering them, then the others. */
function groupLines(state: CartState): { warehouse: string; id: number; groups: Group[] }[] {
  const byWarehouse = new Map<number, { warehouse: string; id: number; lines: Line[] }>();
  for (const line of state.data) {
    const w = byWarehouse.get(line.ck_id) ?? { warehouse: line.ck_name, id: line.ck_id, lines: [] };
    w.lines.push(line);
    byWarehouse.set(line.ck_id, w);
  }
  return [...byWarehouse.values()].map((w) => {
    const groups: Group[] = state.activity_data.activities
      .map((a) => ({
        key: `mj-${a.id}`,
        title: `满减：${a.name}`,
        lines: w.lines.filter((l) => l.goods_manjian_id === a.id),
      }))
      .filter((g) => g.lines.length > 0);
    const others = w.lines.filter((l) => !groups.some((g) => g.lines.includes(l)));
    if (groups.length === 0) groups.push({ key: 'all', title: '', lines: w.lines });
    else if (others.length > 0) groups.push({ key: 'other', title: '其他商品', lines: others });
    return { warehouse: w.warehouse, id: w.id, groups };
  });
}

export function CartGroups({ state, busy, onSelect, onQuantity, onDelete }: Props) {
  return (
    <div className="yc-cart-groups">
      {groupLines(state).map((w) => (
        <section key={w.id} className="yc-cart-wh" data-testid="cart-warehouse">
          <h3 className="yc-cart-wh__title">{w.warehouse}发货</h3>
          {w.groups.map((group) => (
            <div key={group.key} className="yc-cart-group">
              {group.title && <div className="yc-cart-group__title">{group.title}</div>}
              {group.lines.map((line) => (
                <CartLine
                  key={line.id}
                  line={line}
                  priceTip={state.price_tip}
                  busy={busy}
                  onSelect={(selected) => onSelect([line.id], selected)}
                  onQuantity={(number) => onQuantity(line.id, number)}
                  onDelete={() => onDelete([line.id])}
                />
              ))}
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
