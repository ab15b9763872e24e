// EXPLAIN (FORMAT JSON) plans as the query-plan tests read them: a tree of nodes, flattened so a
// test can ask which scans and indexes a query used.

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** The node and every node below it. */
export function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}
