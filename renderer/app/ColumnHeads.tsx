/**
 * A table's column headings, one per name. `actions` adds a last column for each row's buttons,
 * named for screen readers only.
 */
export function ColumnHeads({ names, actions = false }: { names: readonly string[]; actions?: boolean }) {
  return (
    <thead>
      <tr>
        {names.map((name) => (
          <th key={name} scope="col">
            {name}
          </th>
        ))}
        {actions && (
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
