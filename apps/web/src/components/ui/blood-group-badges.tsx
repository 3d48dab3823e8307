import { stockGroupLabel } from '@giot-hong/contract';

/**
 * Blood groups as badges ('O−', 'AB+'), each naming its group in text, so colour is never the only
 * sign. `label` names the list for screen readers ('Nhóm máu cần').
 */
export function BloodGroupBadges({ groups, label }: { groups: readonly string[]; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {groups.map((g) => (
        <li
          key={g}
          className="rounded-full bg-red-50 px-3 py-1 text-sm font-bold text-red-800 ring-1 ring-red-200"
        >
          {stockGroupLabel(g)}
        </li>
      ))}
    </ul>
  );
}
