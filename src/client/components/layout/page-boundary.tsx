import { Component, type ReactNode } from 'react';

interface Props {
  /** Where the visitor is: the link that loads it again from the server. */
  href: string;
  children: ReactNode;
}

/**
 * A page whose code or words could not be fetched on a client-side navigation (a dropped
 * connection) shows this instead of taking the whole frame down with it. Following another
 * link tries afresh.
 */
export class PageBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.href !== this.props.href) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="page-loading" role="alert">
        <h1>This page could not be loaded</h1>
        <p>
          Check your connection, then <a href={this.props.href}>load the page again</a>.
        </p>
      </div>
    );
  }
}
