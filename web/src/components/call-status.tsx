import { CALL_STATUS_LABELS, type CallStatus, callBreaches } from '@itms/contracts/rules/storing';
import type { TCallRow } from '@itms/contracts/storing';
import { Flex, Tag } from 'antd';
import { useNow } from '../lib/use-now';

const STATUS_COLORS: Record<CallStatus, string> = {
  new: 'red',
  assigned: 'orange',
  accepted: 'gold',
  en_route: 'blue',
  arrived: 'geekblue',
  done: 'green',
  cancelled: 'default',
};

/** A breakdown call's status as a coloured tag. */
export function CallStatusTag({ status }: { status: CallStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{CALL_STATUS_LABELS[status]}</Tag>;
}

/**
 * The targets a call has missed, as red tags that appear the minute it misses one (re-read every
 * 30 seconds while the page is open, the same rule the server counts with).
 */
export function BreachTags({ call }: { call: TCallRow }) {
  const now = useNow(30_000);
  const missed = callBreaches(call, call.target, now);
  return (
    <>
      {missed.response && <Tag color="red">Lewat target respons</Tag>}
      {missed.roll && <Tag color="red">Lewat target roll time</Tag>}
    </>
  );
}

/** The status and the missed targets, side by side (lists). */
export function CallStatusTags({ call }: { call: TCallRow }) {
  return (
    <Flex gap={4} wrap>
      <CallStatusTag status={call.status} />
      <BreachTags call={call} />
    </Flex>
  );
}
