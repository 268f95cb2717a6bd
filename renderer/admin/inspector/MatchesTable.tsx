import type { RecordMatch } from '../../../shared/inspector';
import { isBenefit } from '../../../shared/plans/benefits';
import { planKind } from '../../../shared/plans/index';
import { ColumnHeads } from '../../app/ColumnHeads';
import { hashOf } from '../../app/routes';
import { countText } from '../../app/counts';

/** A plan's kind in the wizard's words (Dental), or the record's kind. */
function kindOf(match: RecordMatch): string {
  return match.plan && isBenefit(match.plan.benefit) ? planKind(match.plan.benefit).label : match.entity;
}

/** A search's matches, one row each, a plan with its employer, kind and plan year, so that plans of one title tell apart. */
export function MatchesTable({ matches }: { matches: RecordMatch[] }) {
  return (
    <div className="picker-scroll" role="region" aria-label={`Matches, ${countText(matches.length)} shown`} tabIndex={0}>
      <table className="admin-table matches" aria-label="Matches">
        <ColumnHeads names={['Record', 'Kind', 'Employer', 'Plan year', 'Local id']} />
        <tbody>
          {matches.map((match) => (
            <tr key={match.id}>
              <td>
                <a href={hashOf({ name: 'inspector', id: match.id })}>{match.label}</a>
                {match.path === null && <span className="muted"> (deleted)</span>}
              </td>
              <td>{kindOf(match)}</td>
              <td>{match.plan?.employer ?? '—'}</td>
              <td>{match.plan ? match.plan.start_date.slice(0, 4) : '—'}</td>
              <td>
                <code>{match.id}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
