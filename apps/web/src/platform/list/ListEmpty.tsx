import type { ReactNode } from 'react';
import { Alert, Empty } from 'antd';

/** Empty state of a list: the load error when the call failed, else "no records". */
export function ListEmpty({ error, text }: { error?: unknown; text: string }): ReactNode {
  if (error) return <Alert type="error" showIcon title={error instanceof Error ? error.message : String(error)} />;
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
}
