import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetAccessLogVerificationQuery } from './accessLogApi';

/**
 * Whether the access log's hash chain is unbroken: checked when the screen opens (the entries added since the
 * server's last check), and from the first entry on demand.
 */
export function ChainStatus() {
  const { t } = useTranslation();
  const [full, setFull] = useState(false);
  const check = useGetAccessLogVerificationQuery({ full }, { refetchOnMountOrArgChange: true });
  const result = check.currentData;
  const again = () => (full ? void check.refetch() : setFull(true));
  const button = (
    <Button
      icon="refresh"
      size="small"
      loading={check.isFetching}
      onClick={again}
      text={t('accessLog.chain.checkAll')}
    />
  );
  if (!result)
    return (
      <Callout className="access-log-chain" intent={check.isError ? 'danger' : 'none'} role="status">
        <p>{check.isError ? t('accessLog.chain.failed') : t('accessLog.chain.checking')}</p>
        {check.isError && button}
      </Callout>
    );
  return (
    <Callout
      className="access-log-chain"
      intent={result.ok ? 'success' : 'danger'}
      icon={result.ok ? 'tick-circle' : 'error'}
      role={result.ok ? 'status' : 'alert'}
    >
      <p>
        {result.ok
          ? t('accessLog.chain.intact', { count: result.entries })
          : t('accessLog.chain.altered', { position: result.firstBrokenPosition })}
      </p>
      {button}
    </Callout>
  );
}
