import { fitColumns } from './columnFit.js';
import type { TableColumn } from './virtualTable.js';

const column = (id: string, priority: number): TableColumn<string> => ({
  id,
  title: id,
  priority,
  cell: () => id,
});
const columns = [
  column('namespace', 3),
  column('name', 1),
  column('ready', 2),
  column('status', 1),
  column('age', 4),
  column('node', 5),
];
const ids = (width: number): string[] => fitColumns(columns, width, 100).map((c) => c.id);

describe('fitColumns', () => {
  it('drops the highest priorities first and keeps the display order', () => {
    expect(ids(1000)).toEqual(['namespace', 'name', 'ready', 'status', 'age', 'node']);
    expect(ids(500)).toEqual(['namespace', 'name', 'ready', 'status', 'age']);
    expect(ids(300)).toEqual(['name', 'ready', 'status']);
  });

  it('keeps every priority-1 column however narrow the table', () => {
    expect(ids(0)).toEqual(['name', 'status']);
  });
});
