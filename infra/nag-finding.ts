import { Stack } from "aws-cdk-lib";
import type { IConstruct } from "constructs";

/**
 * The id cdk-nag gives a wildcard resource in an IAM policy, `AwsSolutions-IAM5[Resource::<arn>]`,
 * with the ARN written as cdk-nag writes it: references become `<LogicalId>` (or
 * `<LogicalId.Attribute>`), joins are joined. An acknowledgment names one finding, so it has to be
 * built from the same ARN the policy grants; it then covers that ARN and no other wildcard.
 */
export function wildcardResourceFinding(scope: IConstruct, arn: string): string {
  const flat = (node: unknown): string => {
    // As cdk-nag does, for Fn::Sub's `${...}`.
    if (typeof node === "string") return node.replace(/\$\{/g, "<").replace(/\}/g, ">");
    const o = node as Record<string, unknown>;
    if (Array.isArray(o["Fn::Join"])) {
      const [delimiter, parts] = o["Fn::Join"] as [string, unknown[]];
      return parts.map(flat).join(delimiter);
    }
    if (o.Ref !== undefined) return `<${flat(o.Ref)}>`;
    if (Array.isArray(o["Fn::GetAtt"])) return `<${(o["Fn::GetAtt"] as unknown[]).map(flat).join(".")}>`;
    throw new Error(`cannot name the finding for ${JSON.stringify(node)}`);
  };
  return `AwsSolutions-IAM5[Resource::${flat(Stack.of(scope).resolve(arn))}]`;
}
