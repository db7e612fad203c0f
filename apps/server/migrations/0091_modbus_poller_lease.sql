-- One Modbus poller per deployment (issue 14 item 2): with CLUSTER=on the processes share one
-- lease row; only its holder polls, renewing it every third of its time-to-live (ms epoch).
CREATE TABLE modbus_poller_lease (
  id integer PRIMARY KEY CHECK (id = 1),
  owner text NOT NULL,
  expires_ms bigint NOT NULL
);
