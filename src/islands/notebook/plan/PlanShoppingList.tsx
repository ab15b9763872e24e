import { displayAmount } from '../../../lib/quantities.ts';
import { isMetricUnit } from '../../../lib/shopping/ingredient-item.ts';
import { SHOPPING_CATEGORIES } from '../../../lib/shopping/categories.ts';
import type { ShoppingItem } from '../../../lib/schemas/shopping-item.ts';

// The shopping list as it stands after the week was added: by aisle, each line with its amount
// and the recipes that need it.

export default function PlanShoppingList({ items }: { items: ShoppingItem[] }) {
  const aisles = SHOPPING_CATEGORIES.map((c) => [c, items.filter((i) => i.category === c)] as const).filter(
    ([, inAisle]) => inAisle.length > 0,
  );
  return (
    <section
      aria-labelledby="plan-list-heading"
      className="card mt-8 p-5 print:hidden"
      data-testid="plan-list"
    >
      <h2 id="plan-list-heading" className="font-serif text-2xl font-bold">
        Your shopping list
      </h2>
      {aisles.map(([aisle, inAisle]) => (
        <div key={aisle} className="mt-4">
          <h3 className="eyebrow">{aisle}</h3>
          <ul className="mt-1">
            {inAisle.map((item) => (
              <li key={item.id} className={`py-1 ${item.checked ? 'line-through opacity-60' : ''}`}>
                <span className="font-semibold">
                  {item.amount !== null &&
                    `${displayAmount(item.amount, isMetricUnit(item.unit) ? 'decimal' : 'fraction')} `}
                  {item.unit && `${item.unit} `}
                  {item.ingredient}
                </span>
                {item.recipeTitle && <span className="muted"> — for {item.recipeTitle}</span>}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
