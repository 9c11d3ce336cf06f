/// A node whose output is silence whenever every input is, and which writes nothing but scaled input: given
/// input and output views of no channels it only advances its parameters. The render plan uses it for the
/// root when nothing feeds it (an engine with an empty main group): the device's output arrives zeroed, so
/// the node runs without channels (its events and ramps still advance) and no pass over silence is made.
protocol SilenceKeeping: RenderNode {}

extension GroupFader: SilenceKeeping {}
