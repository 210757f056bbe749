<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_CN">
<context>
    <name>AppSettings</name>
    <message>
        <source>a repository needs a name</source>
        <translation>仓库需要一个名称</translation>
    </message>
    <message>
        <source>repository '%1': folder %2 does not exist</source>
        <translation>仓库“%1”：文件夹 %2 不存在</translation>
    </message>
</context>
<context>
    <name>Chips</name>
    <message>
        <source>at run time: %1</source>
        <translation>运行时决定：%1</translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <source>option %1 needs a value</source>
        <translation>选项 %1 需要一个值</translation>
    </message>
    <message>
        <source>profile %1 does not exist</source>
        <translation>配置文件 %1 不存在</translation>
    </message>
    <message>
        <source>no built-in profile named '%1' (built in: sglang, demo)</source>
        <translation>没有名为“%1”的内置配置（内置：sglang、demo）</translation>
    </message>
    <message>
        <source>--repo takes NAME=PATH, got '%1'</source>
        <translation>--repo 的格式是 NAME=PATH，收到的是“%1”</translation>
    </message>
    <message>
        <source>repository '%1': %2 is not a folder</source>
        <translation>仓库“%1”：%2 不是文件夹</translation>
    </message>
    <message>
        <source>usage: katlas bench index --repo NAME=PATH ... [--profile P]</source>
        <translation>用法：katlas bench index --repo NAME=PATH ... [--profile P]</translation>
    </message>
    <message>
        <source>files:                %1 (%2 MB)</source>
        <translation>文件：                %1（%2 MB）</translation>
    </message>
    <message>
        <source>raw parse, 1 core:    %1 ms</source>
        <translation>纯解析，1 核：        %1 ms</translation>
    </message>
    <message>
        <source>raw parse, %1 cores:   %2 ms</source>
        <translation>纯解析，%1 核：        %2 ms</translation>
    </message>
    <message>
        <source>ratio full/raw:       %1 (1-core raw parse), %2 (%3-core raw parse)</source>
        <translation>完整/纯解析之比：     %1（对 1 核纯解析），%2（对 %3 核纯解析）</translation>
    </message>
    <message>
        <source>peak RSS:             %1 MB (sources %2 MB)</source>
        <translation>峰值内存 RSS：        %1 MB（源码 %2 MB）</translation>
    </message>
    <message>
        <source>unknown callgraph format '%1' (known: pycg)</source>
        <translation>未知的调用图格式“%1”（支持：pycg）</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>index needs --repo NAME=PATH (or --demo for the demo workspace)</source>
        <translation>index 需要 --repo NAME=PATH（或用 --demo 索引演示工作区）</translation>
    </message>
    <message>
        <source>index needs --db FILE</source>
        <translation>index 需要 --db FILE</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>Indexed %1 files (%2 parsed, %3 unchanged), %4 call sites, %5% resolved, kernels: %6, in %7 s -&gt; %8</source>
        <translation>已索引 %1 个文件（解析 %2 个，未改动 %3 个），%4 个调用点，已解析 %5%，kernel：%6，用时 %7 秒 -&gt; %8</translation>
    </message>
    <message>
        <source>Database:     %1</source>
        <translation>数据库：     %1</translation>
    </message>
    <message>
        <source>Profile:      %1</source>
        <translation>配置：       %1</translation>
    </message>
    <message>
        <source>Files:        %1</source>
        <translation>文件：       %1</translation>
    </message>
    <message>
        <source>Symbols:      %1</source>
        <translation>符号：       %1</translation>
    </message>
    <message>
        <source>Call sites:   %1 (%2% resolved)</source>
        <translation>调用点：     %1（已解析 %2%）</translation>
    </message>
    <message>
        <source>Edges:        %1</source>
        <translation>边：         %1</translation>
    </message>
    <message>
        <source>Kernels:</source>
        <translation>Kernel：</translation>
    </message>
    <message>
        <source>Index time:   %1 s</source>
        <translation>索引用时：   %1 秒</translation>
    </message>
    <message>
        <source>Diagnostics:  %1</source>
        <translation>诊断：       %1</translation>
    </message>
    <message>
        <source>callers needs a SYMBOL</source>
        <translation>callers 需要一个 SYMBOL</translation>
    </message>
    <message>
        <source>callees needs a SYMBOL</source>
        <translation>callees 需要一个 SYMBOL</translation>
    </message>
    <message>
        <source>no symbol named '%1'; did you mean: %2</source>
        <translation>没有名为“%1”的符号；您是否要找：%2</translation>
    </message>
    <message>
        <source>no path: the filter excludes every path (on %1)</source>
        <translation>无路径：过滤条件排除了所有路径（在 %1 上）</translation>
    </message>
    <message>
        <source>no path: this op reaches no kernel</source>
        <translation>无路径：此算子不会到达任何 kernel</translation>
    </message>
    <message>
        <source>(no op: the filter or the index leaves the model's forward empty)</source>
        <translation>（无算子：过滤条件或索引使模型的 forward 为空）</translation>
    </message>
    <message>
        <source>no leaf op named '%1'; did you mean: %2</source>
        <translation>没有名为“%1”的叶子算子；您是否要找：%2</translation>
    </message>
    <message>
        <source>%1 more paths not shown</source>
        <translation>另有 %1 条路径未显示</translation>
    </message>
    <message>
        <source>trace needs --op OP or --kernel KERNEL</source>
        <translation>trace 需要 --op OP 或 --kernel KERNEL</translation>
    </message>
    <message>
        <source>no kernel named '%1'; did you mean: %2</source>
        <translation>没有名为“%1”的 kernel；您是否要找：%2</translation>
    </message>
    <message>
        <source>not reached from the model's entry under this filter</source>
        <translation>在此过滤条件下，模型入口到达不了它</translation>
    </message>
    <message>
        <source>matrix needs --op OP</source>
        <translation>matrix 需要 --op OP</translation>
    </message>
    <message>
        <source>no path</source>
        <translation>无路径</translation>
    </message>
    <message>
        <source>export needs --format kernel-traces-md | op-traces-md | json | dot | svg</source>
        <translation>export 需要 --format kernel-traces-md | op-traces-md | json | dot | svg</translation>
    </message>
    <message>
        <source>verify needs a markdown FILE</source>
        <translation>verify 需要一个 markdown 文件</translation>
    </message>
    <message>
        <source>%1: %2 links, %3 broken</source>
        <translation>%1：%2 个链接，%3 个失效</translation>
    </message>
    <message>
        <source>unknown command '%1'</source>
        <translation>未知命令“%1”</translation>
    </message>
    <message>
        <source>up to date, kept</source>
        <translation>已是最新，保留原索引</translation>
    </message>
    <message>
        <source>Up to date: none of the %1 files changed since the last index; it was kept (%2 s) -&gt; %3</source>
        <translation>已是最新：自上次索引以来 %1 个文件都没有改动，保留原索引（%2 秒）-&gt; %3</translation>
    </message>
    <message>
        <source>more than %1 further paths not shown</source>
        <translation>另有超过 %1 条路径未显示</translation>
    </message>
    <message>
        <source>%1: cannot be edited for the benchmark</source>
        <translation>%1：无法为基准测试编辑</translation>
    </message>
    <message>
        <source>patched in place</source>
        <translation>原地修补</translation>
    </message>
    <message>
        <source>rebuilt</source>
        <translation>整体重建</translation>
    </message>
    <message>
        <source>%1 ms (%2% of full; %3; scan %4, read %5, resolve %6, write %7)</source>
        <translation>%1 毫秒（完整索引的 %2%；%3；扫描 %4，读取 %5，解析调用 %6，写入 %7）</translation>
    </message>
    <message>
        <source>full index:           %1 ms (scan %2, parse %3, resolve %4, write %5)</source>
        <translation>完整索引：            %1 ms（扫描 %2，解析 %3，解析调用 %4，写入 %5）</translation>
    </message>
    <message>
        <source>  touched:            %1</source>
        <translation>  仅触碰：            %1</translation>
    </message>
    <message>
        <source>  a call added:       %1</source>
        <translation>  新增一个调用：      %1</translation>
    </message>
    <message>
        <source>  a function added:   %1</source>
        <translation>  新增一个函数：      %1</translation>
    </message>
    <message>
        <source>re-index after one file was edited (%1; median of 3):</source>
        <translation>编辑一个文件（%1；取 3 次的中位数）后重新索引：</translation>
    </message>
    <message>
        <source>no configuration named '%1': the profile has none</source>
        <translation>没有名为“%1”的配置方案：该配置文件没有任何配置方案</translation>
    </message>
    <message>
        <source>no configuration named '%1'; known: %2</source>
        <translation>没有名为“%1”的配置方案；已有：%2</translation>
    </message>
    <message>
        <source>warning: the filter contradicts itself: %1</source>
        <translation>警告：过滤条件自相矛盾：%1</translation>
    </message>
    <message>
        <source>(the profile %1 has no configurations)</source>
        <translation>（配置文件 %1 没有配置方案）</translation>
    </message>
    <message>
        <source>--hf-config: the profile reads no model configuration (no config_annotation settings rule)</source>
        <translation>--hf-config：配置文件不读取模型配置（没有带 config_annotation 的 settings 规则）</translation>
    </message>
    <message>
        <source>unknown option '%1'; did you mean: %2</source>
        <translation>未知选项 “%1”；您是否想用：%2</translation>
    </message>
    <message>
        <source>unknown filter dimension '%1'; did you mean: %2</source>
        <translation>未知的筛选维度 “%1”；您是否想用：%2</translation>
    </message>
    <message>
        <source>unknown value '%1' of %2; did you mean: %3</source>
        <translation>%2 的未知取值 “%1”；您是否想用：%3</translation>
    </message>
    <message>
        <source>repository name '%1' is given twice; each --repo needs its own name</source>
        <translation>仓库名 “%1” 出现了两次；每个 --repo 需要各自的名称</translation>
    </message>
    <message>
        <source>%1 is the index being read; write the output elsewhere</source>
        <translation>%1 是正在读取的索引；请把输出写到别处</translation>
    </message>
    <message>
        <source>%1 is a symbolic link; give the path of the index itself (%2)</source>
        <translation>%1 是符号链接；请给出索引本身的路径（%2）</translation>
    </message>
    <message>
        <source>no path: under the filter, none runs with what the op's object was built with</source>
        <translation>无路径：在此过滤条件下，没有一条路径能以该算子对象构建时传入的值运行</translation>
    </message>
    <message>
        <source>%1 exists and is not a Kernel Atlas index; it was left untouched (choose another --db)</source>
        <translation>%1 已存在且不是 Kernel Atlas 索引；它保持原样（请另选 --db）</translation>
    </message>
    <message>
        <source>definitions needs --hf-config FILE (the checkpoint's config.json)</source>
        <translation>definitions 需要 --hf-config FILE（检查点的 config.json）</translation>
    </message>
    <message>
        <source>%1 must be a whole number of at least 1, not '%2'</source>
        <translation>%1 必须是不小于 1 的整数，而不是 “%2”</translation>
    </message>
    <message>
        <source>definitions needs -o DIR (where to write &lt;op_type&gt;/&lt;name&gt;.json)</source>
        <translation>definitions 需要 -o DIR（写入 &lt;op_type&gt;/&lt;name&gt;.json 的位置）</translation>
    </message>
    <message>
        <source>definitions needs --tp N (the tensor-parallel size)</source>
        <translation>definitions 需要 --tp N（张量并行规模）</translation>
    </message>
    <message>
        <source>warning: two kernels give the definition %1</source>
        <translation>警告：两个内核给出了定义 %1</translation>
    </message>
    <message>
        <source>%1: nothing written</source>
        <translation>%1：未写入任何内容</translation>
    </message>
    <message>
        <source>same as in --existing, skipped: %1</source>
        <translation>与 --existing 中相同，已跳过：%1</translation>
    </message>
    <message>
        <source>conflict, not written: %1</source>
        <translation>冲突，未写入：%1</translation>
    </message>
    <message>
        <source>%1 definitions written to %2</source>
        <translation>已将 %1 个定义写入 %2</translation>
    </message>
    <message>
        <source>--existing %1: not a folder of definitions</source>
        <translation>--existing %1：不是存放定义的文件夹</translation>
    </message>
    <message>
        <source>no checkpoint named '%1'; known: %2, none</source>
        <translation>没有名为“%1”的检查点；已知：%2、none</translation>
    </message>
    <message>
        <source>Checkpoint: %1 (--checkpoint none assumes none)</source>
        <translation>检查点：%1（--checkpoint none 不假定任何检查点）</translation>
    </message>
    <message>
        <source>model %1 runs checkpoint %2 unless a filter names one</source>
        <translation>除非过滤器指定检查点，模型 %1 运行检查点 %2</translation>
    </message>
    <message>
        <source>usage: katlas COMMAND [options]

  index     --db FILE --repo NAME=PATH ... [--profile FILE|sglang|demo] [--full] [--follow-outside-links]
            index repositories (or --demo: the embedded demo workspace)
  stats     [--db FILE]                    what the index holds, and its diagnostics
  kernels   [--db FILE] [--json]           every kernel with its call sites
  callers   SYMBOL [--db FILE]             who calls a function
  callees   SYMBOL [--db FILE]             what a function calls
  callgraph [--db FILE | --repo NAME=PATH] --format pycg [-o FILE]
  bench     index [--repo NAME=PATH ...]   indexing speed against raw tree-sitter parsing
  bench     trace [--db FILE] [--config C] [--filter F]   tracing and export speed
  ops       [--db FILE] [--model M] [--config C] [--filter F] [--json]   the model's op execution graph
  trace     --op OP | --kernel K [--config C] [--filter F] [--json]      paths of an op, backtraces of a kernel
  matrix    --op OP [--config C] [--filter F]                  kernels per backend x quantization
  export    --format kernel-traces-md|op-traces-md|json|dot|svg [--config C] [--filter F] [--link-base DIR] -o FILE
            [--hf-config FILE [--tp N] [--ep N] [--page-size N]]   op-traces-md: shapes and definitions too
  configs   [--db FILE]                    the profile's configurations (presets for --config)
  verify    FILE.md [--root DIR]           check every file:line link of a report
  definitions --hf-config FILE --tp N [--ep N] [--page-size N] [--dp-attention] [--config C] [--filter F]
            [--existing DIR] -o DIR    flashinfer-trace Definitions of the model's kernels

A filter is DIMENSION=VALUE[,VALUE...] words, e.g. --filter "quantization=fp8 stage=decode".
--config NAME starts from one of the profile's configurations; --filter then narrows it
(on a dimension both set, the filter's values win). --hf-config FILE names the checkpoint's
config.json: its values become model.* settings (model.n_shared_experts=1). A filter that
names no checkpoint runs the model's default one (see `katlas configs`); --checkpoint NAME
names another of the profile's, --checkpoint none assumes none.

Without --db, commands use the demo workspace's index.
</source>
        <translation>用法：katlas 命令 [选项]

  index     --db FILE --repo NAME=PATH ... [--profile FILE|sglang|demo] [--full] [--follow-outside-links]
            索引仓库（或 --demo：内嵌的演示工作区）
  stats     [--db FILE]                    索引包含的内容及其诊断
  kernels   [--db FILE] [--json]           所有 kernel 及其调用点
  callers   SYMBOL [--db FILE]             谁调用了某函数
  callees   SYMBOL [--db FILE]             某函数调用了什么
  callgraph [--db FILE | --repo NAME=PATH] --format pycg [-o FILE]
  bench     index [--repo NAME=PATH ...]   索引速度与 tree-sitter 纯解析之比
  bench     trace [--db FILE] [--config C] [--filter F]   追踪与导出的速度
  ops       [--db FILE] [--model M] [--config C] [--filter F] [--json]   模型的算子执行图
  trace     --op OP | --kernel K [--config C] [--filter F] [--json]      算子的路径，kernel 的回溯
  matrix    --op OP [--config C] [--filter F]                  各 backend x 量化方案下的 kernel
  export    --format kernel-traces-md|op-traces-md|json|dot|svg [--config C] [--filter F] [--link-base DIR] -o FILE
  configs   [--db FILE]                    配置文件中的配置方案（--config 的预设）
  verify    FILE.md [--root DIR]           检查报告中每个 文件:行号 链接
  definitions --hf-config FILE --tp N [--ep N] [--page-size N] [--dp-attention] [--config C] [--filter F]
            [--existing DIR] -o DIR    模型各内核的 flashinfer-trace Definition

过滤条件是若干 DIMENSION=VALUE[,VALUE...]，例如 --filter "quantization=fp8 stage=decode"。
--config NAME 以配置文件中的一个配置方案为起点；--filter 再加以收窄
（两者都设置的维度以 --filter 的取值为准）。--hf-config FILE 指定检查点的
config.json：其中的值成为 model.* 设置（model.n_shared_experts=1）。未指定检查点的过滤器
使用模型的默认检查点（见 `katlas configs`）；--checkpoint NAME 指定配置文件中的另一个，
--checkpoint none 不假定任何检查点。

不指定 --db 时，命令使用演示工作区的索引。
</translation>
    </message>
</context>
<context>
    <name>Configuration</name>
    <message>
        <source>%1 needs %2</source>
        <translation>%1 要求 %2</translation>
    </message>
    <message>
        <source>%1 is derived from the rest of the configuration</source>
        <translation>%1 由配置的其余部分推导得出</translation>
    </message>
    <message>
        <source>%1 is set by the server under the rest of the configuration</source>
        <translation>%1 由服务器根据配置的其余部分设置</translation>
    </message>
</context>
<context>
    <name>Database</name>
    <message>
        <source>%1: no such file</source>
        <translation>%1：文件不存在</translation>
    </message>
    <message>
        <source>%1: is not a file</source>
        <translation>%1：不是文件</translation>
    </message>
    <message>
        <source>%1: cannot be read: %2</source>
        <translation>%1：无法读取：%2</translation>
    </message>
    <message>
        <source>%1: is not a Kernel Atlas database</source>
        <translation>%1：不是 Kernel Atlas 数据库</translation>
    </message>
    <message>
        <source>%1: cannot be opened</source>
        <translation>%1：无法打开</translation>
    </message>
    <message>
        <source>%1: is damaged or not a database (%2)</source>
        <translation>%1：已损坏或不是数据库（%2）</translation>
    </message>
    <message>
        <source>%1: is damaged (%2); re-index it</source>
        <translation>%1：已损坏（%2）；请重新索引</translation>
    </message>
    <message>
        <source>%1: was written by schema version %2; this Kernel Atlas reads version %3: re-index it</source>
        <translation>%1：由 schema 版本 %2 写入；此 Kernel Atlas 读取版本 %3：请重新索引</translation>
    </message>
    <message>
        <source>%1: a write to it was interrupted and must be rolled back from %1-journal, but you cannot write to the file or its folder; open it once as a user who can, or re-index it</source>
        <translation>%1：对它的一次写入被中断，需要用 %1-journal 回滚，但您无权写入该文件或其所在文件夹；请以有写权限的用户打开一次，或重新索引</translation>
    </message>
</context>
<context>
    <name>Demo</name>
    <message>
        <source>cannot write the demo workspace to %1</source>
        <translation>无法把演示工作区写入 %1</translation>
    </message>
</context>
<context>
    <name>Filter</name>
    <message>
        <source>'%1' is not DIMENSION=VALUE[,VALUE...]</source>
        <translation>“%1”不是 DIMENSION=VALUE[,VALUE...] 格式</translation>
    </message>
</context>
<context>
    <name>GraphLayout</name>
    <message>
        <source>Graphviz could not lay out the graph (is the 'dot' plugin registered? run 'dot -c')</source>
        <translation>Graphviz 无法布局该图（dot 插件是否已注册？请运行 dot -c）</translation>
    </message>
    <message>
        <source>Graphviz could not render SVG (is the 'dot' plugin registered? run 'dot -c')</source>
        <translation>Graphviz 无法渲染 SVG（dot 插件是否已注册？请运行 dot -c）</translation>
    </message>
</context>
<context>
    <name>IndexWriter</name>
    <message>
        <source>cannot write the index: folder %1 does not exist</source>
        <translation>无法写入索引：文件夹 %1 不存在</translation>
    </message>
    <message>
        <source>cannot write the index: %1 is a folder</source>
        <translation>无法写入索引：%1 是一个文件夹</translation>
    </message>
    <message>
        <source>cannot create the index in folder %1: %2</source>
        <translation>无法在文件夹 %1 中创建索引：%2</translation>
    </message>
    <message>
        <source>indexing was cancelled; %1 is unchanged</source>
        <translation>索引已取消；%1 未被改动</translation>
    </message>
    <message>
        <source>cannot write the index %1: %2</source>
        <translation>无法写入索引 %1：%2</translation>
    </message>
    <message>
        <source>cannot finish writing the index %1</source>
        <translation>无法完成写入索引 %1</translation>
    </message>
    <message>
        <source>cannot flush the index to disk in folder %1</source>
        <translation>无法把索引刷新到文件夹 %1 所在的磁盘</translation>
    </message>
    <message>
        <source>cannot replace %1 with the new index</source>
        <translation>无法用新索引替换 %1</translation>
    </message>
    <message>
        <source>cannot write the index %1: it was abandoned</source>
        <translation>无法写入索引 %1：写入已中止</translation>
    </message>
    <message>
        <source>cannot update the index %1: %2; it is unchanged</source>
        <translation>无法更新索引 %1：%2；索引保持原样</translation>
    </message>
</context>
<context>
    <name>Indexer</name>
    <message>
        <source>%1: cannot be read (%2); skipped</source>
        <translation>%1：无法读取（%2）；已跳过</translation>
    </message>
    <message>
        <source>Scanning</source>
        <translation>扫描</translation>
    </message>
    <message>
        <source>Parsing</source>
        <translation>解析</translation>
    </message>
    <message>
        <source>Resolving</source>
        <translation>解析调用</translation>
    </message>
    <message>
        <source>Writing</source>
        <translation>写入</translation>
    </message>
    <message>
        <source>indexing was cancelled; the previous index is unchanged</source>
        <translation>索引已取消；之前的索引未被改动</translation>
    </message>
    <message>
        <source>%1 exists and is not a Kernel Atlas database; it was left untouched (choose another --db)</source>
        <translation>%1 已存在且不是 Kernel Atlas 数据库；未改动它（请另选 --db）</translation>
    </message>
    <message>
        <source>repository '%1': path %2 does not exist or is not a folder</source>
        <translation>仓库“%1”：路径 %2 不存在或不是文件夹</translation>
    </message>
    <message>
        <source>%1 is locked by another program; it was left unchanged (try again when it is done)</source>
        <translation>%1 被另一个程序锁定；它保持原样（请待其完成后重试）</translation>
    </message>
</context>
<context>
    <name>ModelConfig</name>
    <message>
        <source>%1: cannot read the model configuration (%2)</source>
        <translation>%1：无法读取模型配置（%2）</translation>
    </message>
    <message>
        <source>%1:%2: not JSON: %3</source>
        <translation>%1:%2：不是 JSON：%3</translation>
    </message>
    <message>
        <source>%1: a config.json holds one JSON object</source>
        <translation>%1：config.json 应当是一个 JSON 对象</translation>
    </message>
</context>
<context>
    <name>OpGraph</name>
    <message>
        <source>unknown model '%1' (models of this profile: %2)</source>
        <translation>未知模型“%1”（此配置的模型：%2）</translation>
    </message>
    <message>
        <source>the entry %1 of model '%2' is not in the index</source>
        <translation>模型“%2”的入口 %1 不在索引中</translation>
    </message>
</context>
<context>
    <name>Profile</name>
    <message>
        <source>unknown key</source>
        <translation>未知的键</translation>
    </message>
    <message>
        <source>must be 1 (the format version)</source>
        <translation>必须为 1（格式版本）</translation>
    </message>
    <message>
        <source>needs exactly one of module_prefix, decorator, call_prefix</source>
        <translation>需要且只能有 module_prefix、decorator、call_prefix 之一</translation>
    </message>
    <message>
        <source>must be "decorator" or "dict"</source>
        <translation>必须为 "decorator" 或 "dict"</translation>
    </message>
    <message>
        <source>names no model of "models"</source>
        <translation>不是 "models" 中的模型</translation>
    </message>
    <message>
        <source>is required</source>
        <translation>是必需的</translation>
    </message>
    <message>
        <source>must be a string</source>
        <translation>必须是字符串</translation>
    </message>
    <message>
        <source>must be a list of strings</source>
        <translation>必须是字符串列表</translation>
    </message>
    <message>
        <source>must be a list of objects</source>
        <translation>必须是对象列表</translation>
    </message>
    <message>
        <source>must be an object</source>
        <translation>必须是对象</translation>
    </message>
    <message>
        <source>is not a valid regular expression: %1</source>
        <translation>不是有效的正则表达式：%1</translation>
    </message>
    <message>
        <source>invalid JSON: %1</source>
        <translation>无效的 JSON：%1</translation>
    </message>
    <message>
        <source>a profile must be a JSON object</source>
        <translation>配置必须是 JSON 对象</translation>
    </message>
    <message>
        <source>cannot be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>needs exactly one of guard, function, symbol</source>
        <translation>需要且只能有 guard、function、symbol 之一</translation>
    </message>
    <message>
        <source>must be a name no other configuration has</source>
        <translation>必须是其他配置方案没有用过的名称</translation>
    </message>
    <message>
        <source>must be an object of dimension: value or [values]</source>
        <translation>必须是 维度: 值 或 [值列表] 构成的对象</translation>
    </message>
    <message>
        <source>is not a dimension of "dimensions"</source>
        <translation>不是 "dimensions" 中的维度</translation>
    </message>
    <message>
        <source>needs a value</source>
        <translation>需要一个值</translation>
    </message>
    <message>
        <source>unknown value '%1' (known: %2)</source>
        <translation>未知的值“%1”（已知：%2）</translation>
    </message>
    <message>
        <source>must be a whole number of at least 1</source>
        <translation>必须是不小于 1 的整数</translation>
    </message>
    <message>
        <source>needs exactly one of class, env_reader, config_annotation</source>
        <translation>需要且只能有 class、env_reader、config_annotation 之一</translation>
    </message>
    <message>
        <source>needs a settings rule with config_annotation</source>
        <translation>需要一条带 config_annotation 的 settings 规则</translation>
    </message>
    <message>
        <source>must be a name no other checkpoint has</source>
        <translation>必须是其他检查点都没有用过的名称</translation>
    </message>
    <message>
        <source>must be an object (a model's config.json)</source>
        <translation>必须是一个对象（模型的 config.json）</translation>
    </message>
    <message>
        <source>names no checkpoint of "checkpoints"</source>
        <translation>不是 "checkpoints" 中的检查点</translation>
    </message>
    <message>
        <source>must be true or false</source>
        <translation>必须为 true 或 false</translation>
    </message>
    <message>
        <source>must map dimension values to numbers</source>
        <translation>必须把维度取值映射为数字</translation>
    </message>
    <message>
        <source>must be a whole number or a list of them</source>
        <translation>必须是整数或整数列表</translation>
    </message>
    <message>
        <source>only a decorator registry has a lookup</source>
        <translation>只有装饰器注册表才有 lookup</translation>
    </message>
    <message>
        <source>must name a dimension</source>
        <translation>必须指定维度</translation>
    </message>
    <message>
        <source>names a dimension of "if"</source>
        <translation>与 "if" 中的某个维度相同</translation>
    </message>
    <message>
        <source>is not one of hardware, model, backends, stage, other</source>
        <translation>不是 hardware、model、backends、stage、other 之一</translation>
    </message>
    <message>
        <source>must be "prefix.name": "value"</source>
        <translation>必须写成 "前缀.名称": "值"</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Container op: orchestrates other ops</source>
        <translation>容器算子：编排其他算子</translation>
    </message>
    <message>
        <source>Does not run under this configuration: no kernel path</source>
        <translation>在此配置方案下不运行：没有到达 kernel 的路径</translation>
    </message>
    <message>
        <source>Leaf op: reaches kernels (double-click or Space: its kernels)</source>
        <translation>叶子算子：到达 kernel（双击或按空格：显示其 kernel）</translation>
    </message>
</context>
<context>
    <name>SourceWalker</name>
    <message>
        <source>the repository folder does not exist</source>
        <translation>仓库文件夹不存在</translation>
    </message>
    <message>
        <source>symlink loop or repeated folder; entered once only</source>
        <translation>符号链接循环或重复的文件夹；只进入一次</translation>
    </message>
    <message>
        <source>folder cannot be read; skipped</source>
        <translation>文件夹无法读取；已跳过</translation>
    </message>
    <message>
        <source>broken symbolic link; skipped</source>
        <translation>符号链接已失效；已跳过</translation>
    </message>
    <message>
        <source>file is larger than %1 MB; skipped</source>
        <translation>文件大于 %1 MB；已跳过</translation>
    </message>
    <message>
        <source>file cannot be read (%1); skipped</source>
        <translation>文件无法读取（%1）；已跳过</translation>
    </message>
    <message>
        <source>binary file, not Python source; skipped</source>
        <translation>二进制文件，不是 Python 源码；已跳过</translation>
    </message>
    <message>
        <source>symbolic link leaves the repository; not followed (--follow-outside-links follows it)</source>
        <translation>符号链接指向仓库之外；未跟随（--follow-outside-links 可跟随）</translation>
    </message>
    <message>
        <source>name is not valid UTF-8; skipped (rename it to index it)</source>
        <translation>名称不是有效的 UTF-8；已跳过（重命名后才能索引）</translation>
    </message>
</context>
<context>
    <name>TraceSession</name>
    <message>
        <source>%1: is damaged (%2); re-index it</source>
        <translation>%1：已损坏（%2）；请重新索引</translation>
    </message>
</context>
<context>
    <name>Verify</name>
    <message>
        <source>file %1 does not exist</source>
        <translation>文件 %1 不存在</translation>
    </message>
    <message>
        <source>line %1 is outside the file (%2 lines)</source>
        <translation>第 %1 行超出文件范围（共 %2 行）</translation>
    </message>
    <message>
        <source>'%1' does not appear on or near line %2</source>
        <translation>第 %2 行及附近没有出现“%1”</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2</source>
        <translation>%1 无法读取：%2</translation>
    </message>
    <message>
        <source>%1 is not a regular file; it was not read</source>
        <translation>%1 不是普通文件；未读取</translation>
    </message>
    <message>
        <source>%1 is larger than %2 MiB; it was not read</source>
        <translation>%1 大于 %2 MiB；未读取</translation>
    </message>
    <message>
        <source>%1 leaves the root %2 (it is %3); it was not read</source>
        <translation>%1 位于根目录 %2 之外（实际为 %3）；未读取</translation>
    </message>
    <message>
        <source>the root %1 is not a folder</source>
        <translation>根目录 %1 不是文件夹</translation>
    </message>
    <message>
        <source>%1 leaves the root %2; it was not read</source>
        <translation>%1 位于根目录 %2 之外；未读取</translation>
    </message>
</context>
<context>
    <name>katlas</name>
    <message>
        <source>no model '%1' in the profile</source>
        <translation>配置文件中没有模型 “%1”</translation>
    </message>
    <message>
        <source>profile '%1': %2</source>
        <translation>配置文件 “%1”：%2</translation>
    </message>
    <message>
        <source>profile '%1' has no "definitions" families</source>
        <translation>配置文件 “%1” 没有 "definitions" 的 families</translation>
    </message>
</context>
<context>
    <name>katlas::CallHierarchyModel</name>
    <message>
        <source>Function</source>
        <translation>函数</translation>
    </message>
    <message>
        <source>Call</source>
        <translation>调用</translation>
    </message>
    <message>
        <source>Conditions</source>
        <translation>条件</translation>
    </message>
</context>
<context>
    <name>katlas::CallHierarchyPanel</name>
    <message>
        <source>Callers</source>
        <translation>调用者</translation>
    </message>
    <message>
        <source>Who calls the function, and who calls them</source>
        <translation>谁调用了该函数，以及谁又调用了它们</translation>
    </message>
    <message>
        <source>Callees</source>
        <translation>被调用者</translation>
    </message>
    <message>
        <source>What the function calls, and what they call</source>
        <translation>该函数调用了什么，以及它们又调用了什么</translation>
    </message>
    <message>
        <source>Call hierarchy</source>
        <translation>调用层次</translation>
    </message>
    <message>
        <source>Nothing the index knows calls %1.</source>
        <translation>索引中没有任何代码调用 %1。</translation>
    </message>
    <message>
        <source>%1 calls nothing the index resolved.</source>
        <translation>%1 没有调用任何索引已解析的函数。</translation>
    </message>
    <message>
        <source>Callers of %1 (%2)</source>
        <translation>%1 的调用者（%2）</translation>
    </message>
    <message>
        <source>Callees of %1 (%2)</source>
        <translation>%1 的被调用者（%2）</translation>
    </message>
</context>
<context>
    <name>katlas::ConfigurationPanel</name>
    <message>
        <source>Hardware</source>
        <translation>硬件</translation>
    </message>
    <message>
        <source>Model settings</source>
        <translation>模型设置</translation>
    </message>
    <message>
        <source>Backends</source>
        <translation>后端</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>&amp;Named configuration:</source>
        <translation>命名配置(&amp;N)：</translation>
    </message>
</context>
<context>
    <name>katlas::ConfigurationPicker</name>
    <message>
        <source>Trace under one deployment: the preset sets the filters</source>
        <translation>按一种部署追踪：预设会设置各项过滤条件</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>配置方案</translation>
    </message>
    <message>
        <source>Any configuration</source>
        <translation>任意配置</translation>
    </message>
</context>
<context>
    <name>katlas::DefinitionChooser</name>
    <message>
        <source>Definitions</source>
        <translation>定义</translation>
    </message>
    <message numerus="yes">
        <source>%1 goes to %n definition(s):</source>
        <translation><numerusform>%1 有 %n 个定义：</numerusform></translation>
    </message>
    <message>
        <source>Always</source>
        <translation>总是</translation>
    </message>
</context>
<context>
    <name>katlas::DimensionButton</name>
    <message>
        <source>Any</source>
        <translation>任意</translation>
    </message>
</context>
<context>
    <name>katlas::FilterBar</name>
    <message>
        <source>Filters</source>
        <translation>过滤</translation>
    </message>
    <message>
        <source>Reset filters</source>
        <translation>重置过滤</translation>
    </message>
    <message>
        <source>Clear every filter (Ctrl+R)</source>
        <translation>清除所有过滤条件（Ctrl+R）</translation>
    </message>
    <message>
        <source>Remove %1 = %2 from the filter</source>
        <translation>从过滤条件中移除 %1 = %2</translation>
    </message>
    <message>
        <source>No filter: every configuration is shown.</source>
        <translation>没有过滤条件：显示所有配置。</translation>
    </message>
</context>
<context>
    <name>katlas::GraphMinimap</name>
    <message>
        <source>Graph overview</source>
        <translation>图概览</translation>
    </message>
    <message>
        <source>Overview of the whole graph: click or drag to move the view</source>
        <translation>整张图的概览：点击或拖动以移动视图</translation>
    </message>
</context>
<context>
    <name>katlas::GraphView</name>
    <message>
        <source>Execution graph</source>
        <translation>执行图</translation>
    </message>
    <message numerus="yes">
        <source>%1
%n op(s) folded inside: double-click to unfold</source>
        <translation><numerusform>%1
其中折叠了 %n 个算子：双击展开</numerusform></translation>
    </message>
</context>
<context>
    <name>katlas::KernelMatrixModel</name>
    <message>
        <source>no path</source>
        <translation>无路径</translation>
    </message>
</context>
<context>
    <name>katlas::LanguageSwitch</name>
    <message>
        <source>The new language applies when the index is built.</source>
        <translation>新语言将在索引建好后生效。</translation>
    </message>
</context>
<context>
    <name>katlas::LegendDialog</name>
    <message>
        <source>Legend</source>
        <translation>图例</translation>
    </message>
    <message>
        <source>Container op: runs other ops (rounded; ▸ N: N ops folded inside)</source>
        <translation>容器算子：运行其他算子（圆角；▸ N：其中折叠了 N 个算子）</translation>
    </message>
    <message>
        <source>Op that does not run under the configuration</source>
        <translation>在此配置下不运行的算子</translation>
    </message>
    <message>
        <source>Kernel of %1 (hexagon)</source>
        <translation>%1 的 kernel（六边形）</translation>
    </message>
    <message>
        <source>Kernel of another library</source>
        <translation>其他库的 kernel</translation>
    </message>
    <message>
        <source>Chip “at run time: …”: a condition only the running batch decides (the path may run)</source>
        <translation>“at run time: …”标签：只有运行时的批次才能决定的条件（该路径可能运行）</translation>
    </message>
    <message>
        <source>In the path list, each dimension's chips have a colour of their own; grey chips are guard text no rule maps.</source>
        <translation>在路径列表中，每个维度的标签有各自的颜色；灰色标签是没有规则映射的守卫文本。</translation>
    </message>
    <message>
        <source>Leaf op: reaches kernels (double-click or Space: its kernels)</source>
        <translation>叶子算子：到达 kernel（双击或按空格：显示其 kernel）</translation>
    </message>
    <message>
        <source>Light box: the ops a container runs, in the order they run, read like text</source>
        <translation>浅色框：容器运行的算子，按运行顺序像文字一样排列</translation>
    </message>
</context>
<context>
    <name>katlas::MainWindow</name>
    <message>
        <source>Ops</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Kernel paths</source>
        <translation>Kernel 路径</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>源码</translation>
    </message>
    <message>
        <source>No path: the filter excludes every path of this op</source>
        <translation>无路径：过滤条件排除了此算子的所有路径</translation>
    </message>
    <message>
        <source>No path: this op reaches no kernel</source>
        <translation>无路径：此算子不会到达任何 kernel</translation>
    </message>
    <message>
        <source>Backtraces of %1</source>
        <translation>%1 的回溯</translation>
    </message>
    <message>
        <source>no index</source>
        <translation>无索引</translation>
    </message>
    <message>
        <source>no filter</source>
        <translation>无过滤</translation>
    </message>
    <message>
        <source>Kernel Atlas</source>
        <translation>Kernel Atlas</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open Index…</source>
        <translation>打开索引(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;New Index…</source>
        <translation>新建索引(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Re-index</source>
        <translation>重新索引(&amp;R)</translation>
    </message>
    <message>
        <source>Recent Indexes</source>
        <translation>最近的索引</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>Kernel Traces (Markdown)…</source>
        <translation>Kernel 追踪（Markdown）…</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>Op Traces (Markdown)…</source>
        <translation>算子追踪（Markdown）…</translation>
    </message>
    <message>
        <source>Traces (JSON)…</source>
        <translation>追踪（JSON）…</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Graph (SVG)…</source>
        <translation>图（SVG）…</translation>
    </message>
    <message>
        <source>SVG (*.svg)</source>
        <translation>SVG (*.svg)</translation>
    </message>
    <message>
        <source>Graph (PNG)…</source>
        <translation>图（PNG）…</translation>
    </message>
    <message>
        <source>PNG (*.png)</source>
        <translation>PNG (*.png)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Search…</source>
        <translation>搜索(&amp;S)…</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Fit to Window</source>
        <translation>适应窗口(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About Kernel Atlas</source>
        <translation>关于 Kernel Atlas(&amp;A)</translation>
    </message>
    <message>
        <source>Indexing failed</source>
        <translation>索引失败</translation>
    </message>
    <message>
        <source>Indexing cancelled; the previous index is unchanged.</source>
        <translation>索引已取消；之前的索引未被改动。</translation>
    </message>
    <message>
        <source>Cannot open the new index</source>
        <translation>无法打开新索引</translation>
    </message>
    <message>
        <source>Indexed %1 files, %2 call sites (%3% resolved) in %4 s</source>
        <translation>已索引 %1 个文件、%2 个调用点（已解析 %3%），用时 %4 秒</translation>
    </message>
    <message>
        <source>Cannot open index</source>
        <translation>无法打开索引</translation>
    </message>
    <message>
        <source>Indexing…</source>
        <translation>正在索引…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Open Index</source>
        <translation>打开索引</translation>
    </message>
    <message>
        <source>Kernel Atlas index (*.katlas *.db);;All files (*)</source>
        <translation>Kernel Atlas 索引 (*.katlas *.db);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <source>No index is open.</source>
        <translation>没有打开的索引。</translation>
    </message>
    <message>
        <source>Unknown export format %1</source>
        <translation>未知的导出格式 %1</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>About Kernel Atlas</source>
        <translation>关于 Kernel Atlas</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Kernel Atlas %1&lt;/h3&gt;&lt;p&gt;From LLM model ops to the GPU kernels that run them.&lt;/p&gt;&lt;p&gt;Qt %2 (LGPL-3.0)&lt;br&gt;Graphviz %3 (EPL-1.0)&lt;br&gt;tree-sitter, language ABI %4 (MIT)&lt;br&gt;tree-sitter-python %5 (MIT)&lt;br&gt;SQLite %6 (public domain)&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Kernel Atlas %1&lt;/h3&gt;&lt;p&gt;从大模型算子追踪到执行它们的 GPU kernel。&lt;/p&gt;&lt;p&gt;Qt %2（LGPL-3.0）&lt;br&gt;Graphviz %3（EPL-1.0）&lt;br&gt;tree-sitter，语言 ABI %4（MIT）&lt;br&gt;tree-sitter-python %5（MIT）&lt;br&gt;SQLite %6（公有领域）&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>设置(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>首选项(&amp;P)…</translation>
    </message>
    <message>
        <source>Choose the folder of at least one repository.</source>
        <translation>请至少为一个仓库选择文件夹。</translation>
    </message>
    <message>
        <source>New Index</source>
        <translation>新建索引</translation>
    </message>
    <message>
        <source>None of the %1 files changed since the last index; it was kept</source>
        <translation>自上次索引以来 %1 个文件均未改动；索引保持原样</translation>
    </message>
    <message numerus="yes">
        <source>%n changed file(s) re-indexed in place: %1 call sites (%2% resolved) in %3 s</source>
        <translation><numerusform>原地重新索引了 %n 个改动的文件：%1 个调用点（%2% 已解析），用时 %3 秒</numerusform></translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>配置方案</translation>
    </message>
    <message>
        <source>C&amp;onfiguration:</source>
        <translation>配置方案(&amp;O)：</translation>
    </message>
    <message numerus="yes">
        <source>Configuration: %1 · Model: %2 · %n op(s) do not run</source>
        <translation><numerusform>配置方案：%1 · 模型：%2 · %n 个算子不运行</numerusform></translation>
    </message>
    <message>
        <source>Contradiction: %1</source>
        <translation>矛盾：%1</translation>
    </message>
    <message>
        <source>No path: under the filter, none runs with what this op's object was built with</source>
        <translation>无路径：在此过滤条件下，没有一条路径能以该算子对象构建时传入的值运行</translation>
    </message>
    <message>
        <source>%1 is the open index; export to another file.</source>
        <translation>%1 是当前打开的索引；请导出到另一个文件。</translation>
    </message>
    <message>
        <source>Kernels per backend and quantization</source>
        <translation>各 backend 与量化方案下的 kernel</translation>
    </message>
    <message>
        <source>Open an index (File → Open Index…) or build one (File → New Index…).</source>
        <translation>请打开一个索引（文件 → 打开索引…）或新建一个（文件 → 新建索引…）。</translation>
    </message>
    <message>
        <source>No call from the model reaches the kernel %1 under the filter.</source>
        <translation>在当前过滤条件下，模型中没有调用会到达 kernel %1。</translation>
    </message>
    <message>
        <source>Backtraces of the kernel %1: each row is a call that reaches it; expand a row to follow its callers up to the model. Select an op to see its kernels per backend × quantization.</source>
        <translation>kernel %1 的回溯：每一行是一个到达它的调用；展开一行可沿调用者一直追到模型。选择一个算子可查看其在各 backend × 量化方案下的 kernel。</translation>
    </message>
    <message>
        <source>Select an op in the graph or the Ops tree (or find one with Ctrl+K) to see the kernels it reaches per backend × quantization and every path down to them.</source>
        <translation>在图或算子树中选择一个算子（或用 Ctrl+K 查找），即可查看它在各 backend × 量化方案下到达的 kernel，以及通往它们的每条路径。</translation>
    </message>
    <message>
        <source>The selected op is not in the graph under the filter; widen the filter or select another op.</source>
        <translation>在当前过滤条件下，所选算子不在图中；请放宽过滤条件或选择其他算子。</translation>
    </message>
    <message>
        <source>%1 is a container: it runs other ops and reaches kernels only through them. Select one of the ops inside it (expand it in the Ops tree) to see their kernels.</source>
        <translation>%1 是容器算子：它运行其他算子，只通过它们到达 kernel。请选择其中的一个算子（在算子树中展开它）来查看其 kernel。</translation>
    </message>
    <message>
        <source>%1: a container op</source>
        <translation>%1：容器算子</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>转到(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Back</source>
        <translation>后退(&amp;B)</translation>
    </message>
    <message>
        <source>Back to the previous selection (%1)</source>
        <translation>后退到上一个选择（%1）</translation>
    </message>
    <message>
        <source>&amp;Forward</source>
        <translation>前进(&amp;F)</translation>
    </message>
    <message>
        <source>Forward to the next selection (%1)</source>
        <translation>前进到下一个选择（%1）</translation>
    </message>
    <message>
        <source>Navigation</source>
        <translation>导航</translation>
    </message>
    <message>
        <source>Paths of %1: %2</source>
        <translation>%1 的路径：%2 条</translation>
    </message>
    <message>
        <source>Callers / Callees</source>
        <translation>调用者 / 被调用者</translation>
    </message>
    <message>
        <source>Go to &amp;Definition</source>
        <translation>转到定义(&amp;D)</translation>
    </message>
    <message>
        <source>Go to where the call at the caret in the source goes (F12, or Ctrl+click on the call)</source>
        <translation>转到源码中光标处的调用所去的地方（F12，或按住 Ctrl 点击该调用）</translation>
    </message>
    <message>
        <source>&amp;Callers / Callees</source>
        <translation>调用者 / 被调用者(&amp;C)</translation>
    </message>
    <message>
        <source>%1, defined at %2:%3</source>
        <translation>%1，定义于 %2:%3</translation>
    </message>
    <message>
        <source>%1 is outside the indexed code: it has no source to show</source>
        <translation>%1 不在已索引的代码中：没有可显示的源码</translation>
    </message>
    <message>
        <source>Put the caret on a call to go to its definition</source>
        <translation>请把光标放在一个调用上以转到其定义</translation>
    </message>
    <message>
        <source>The index has no call of %1 on line %2</source>
        <translation>索引中第 %2 行没有对 %1 的调用</translation>
    </message>
    <message>
        <source>%1 is unresolved: the index does not know where it goes</source>
        <translation>%1 未解析：索引不知道它调用到哪里</translation>
    </message>
    <message>
        <source>outside the index</source>
        <translation>索引之外</translation>
    </message>
    <message numerus="yes">
        <source>%1 goes %n way(s): choose one</source>
        <translation><numerusform>%1 有 %n 个去向：请选择一个</numerusform></translation>
    </message>
    <message>
        <source>Open an index to see who calls what.</source>
        <translation>打开一个索引即可查看谁调用了什么。</translation>
    </message>
    <message>
        <source>An op is selected: select a kernel, a frame of its paths or a function (Ctrl+K, or F12 on a call in the source) to see its callers and callees.</source>
        <translation>当前选中的是算子：请选择一个 kernel、其路径中的一帧或一个函数（Ctrl+K，或在源码中的调用上按 F12），以查看其调用者和被调用者。</translation>
    </message>
    <message>
        <source>Select a kernel, a frame of a path or a function (Ctrl+K, or F12 on a call in the source) to see its callers and callees.</source>
        <translation>请选择一个 kernel、路径中的一帧或一个函数（Ctrl+K，或在源码中的调用上按 F12），以查看其调用者和被调用者。</translation>
    </message>
    <message>
        <source>&amp;Bookmarks</source>
        <translation>书签(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Add Bookmark…</source>
        <translation>添加书签(&amp;A)…</translation>
    </message>
    <message>
        <source>Keep what the window shows under a name (%1)</source>
        <translation>以一个名称保存窗口当前显示的内容（%1）</translation>
    </message>
    <message>
        <source>&amp;Remove Bookmark</source>
        <translation>删除书签(&amp;R)</translation>
    </message>
    <message>
        <source>No bookmarks: Ctrl+D keeps what the window shows</source>
        <translation>没有书签：Ctrl+D 保存窗口当前显示的内容</translation>
    </message>
    <message>
        <source>Add Bookmark</source>
        <translation>添加书签</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Bookmark “%1” added</source>
        <translation>已添加书签“%1”</translation>
    </message>
    <message>
        <source>Bookmark “%1” removed</source>
        <translation>已删除书签“%1”</translation>
    </message>
    <message>
        <source>Nothing the bookmark “%1” names is in this index any more</source>
        <translation>书签“%1”所指的内容已不在此索引中</translation>
    </message>
    <message>
        <source>Bookmark “%1”</source>
        <translation>书签“%1”</translation>
    </message>
    <message>
        <source>in %1</source>
        <translation>位于 %1</translation>
    </message>
    <message>
        <source>Con&amp;figuration Panel</source>
        <translation>配置面板(&amp;F)</translation>
    </message>
    <message>
        <source>Configure…</source>
        <translation>配置…</translation>
    </message>
    <message>
        <source>Choose the value of each dimension (Ctrl+Shift+C)</source>
        <translation>为每个维度选择取值（Ctrl+Shift+C）</translation>
    </message>
    <message>
        <source>Fold to &amp;Structure</source>
        <translation>折叠到结构(&amp;S)</translation>
    </message>
    <message>
        <source>Show the model's top levels, folding the containers below them</source>
        <translation>显示模型的顶层几级，折叠其下的容器</translation>
    </message>
    <message>
        <source>&amp;Unfold All</source>
        <translation>全部展开(&amp;U)</translation>
    </message>
    <message>
        <source>Fo&amp;cus on Selection</source>
        <translation>聚焦所选(&amp;C)</translation>
    </message>
    <message>
        <source>Show the selected op with the containers above it and its kernels; fold the rest</source>
        <translation>显示所选算子及其上层容器和 kernel，折叠其余部分</translation>
    </message>
    <message>
        <source>Overview &amp;Map</source>
        <translation>概览图(&amp;M)</translation>
    </message>
    <message>
        <source>Select an op to focus on.</source>
        <translation>请先选择要聚焦的算子。</translation>
    </message>
    <message>
        <source>&amp;Legend</source>
        <translation>图例(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Model Config…</source>
        <translation>模型配置(&amp;M)…</translation>
    </message>
    <message>
        <source>Checkpoint: %1 (the model's default)</source>
        <translation>检查点：%1（模型默认）</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>模型：%1</translation>
    </message>
    <message>
        <source>Filter: %1</source>
        <translation>过滤：%1</translation>
    </message>
    <message>
        <source>Checkpoint: %1 (Settings → Model Config)</source>
        <translation>检查点：%1（设置 → 模型配置）</translation>
    </message>
    <message>
        <source>checkpoint %1 of the configuration</source>
        <translation>配置方案的检查点 %1</translation>
    </message>
</context>
<context>
    <name>katlas::ModelSetupDialog</name>
    <message>
        <source>Attention runs data-parallel (TP 1 per replica)</source>
        <translation>注意力以数据并行运行（每个副本 TP 为 1）</translation>
    </message>
    <message>
        <source>Model Config</source>
        <translation>模型配置</translation>
    </message>
    <message>
        <source>the checkpoint's config.json</source>
        <translation>检查点的 config.json</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Model configuration (*.json)</source>
        <translation>模型配置 (*.json)</translation>
    </message>
    <message>
        <source>With a checkpoint's config.json and the deployment's sizes, each op shows the shapes its kernels run with per GPU and their flashinfer-trace definition names. Kept for %1.</source>
        <translation>有了检查点的 config.json 和部署规模，每个算子都会显示其 kernel 在每块 GPU 上运行的形状及其 flashinfer-trace 定义名。为 %1 保存。</translation>
    </message>
    <message>
        <source>config.json</source>
        <translation>config.json</translation>
    </message>
    <message>
        <source>Tensor parallel (TP)</source>
        <translation>张量并行（TP）</translation>
    </message>
    <message>
        <source>Expert parallel (EP)</source>
        <translation>专家并行（EP）</translation>
    </message>
    <message>
        <source>Page size</source>
        <translation>页大小</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>EP %1 does not divide TP %2.</source>
        <translation>EP %1 不能整除 TP %2。</translation>
    </message>
    <message>
        <source>From the configuration</source>
        <translation>由配置决定</translation>
    </message>
</context>
<context>
    <name>katlas::NewIndexDialog</name>
    <message>
        <source>New Index</source>
        <translation>新建索引</translation>
    </message>
    <message>
        <source>Repositories</source>
        <translation>仓库</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Database</source>
        <translation>数据库</translation>
    </message>
</context>
<context>
    <name>katlas::OpTreeModel</name>
    <message>
        <source>Op</source>
        <translation>算子</translation>
    </message>
</context>
<context>
    <name>katlas::PathListModel</name>
    <message>
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>%1 more paths not shown</source>
        <translation>另有 %1 条路径未显示</translation>
    </message>
    <message>
        <source>more than %1 further paths not shown</source>
        <translation>另有超过 %1 条路径未显示</translation>
    </message>
    <message>
        <source>Showing %1 of more than %2 paths — narrow the configuration</source>
        <translation>显示了超过 %2 条路径中的 %1 条 —— 请收窄配置</translation>
    </message>
    <message>
        <source>Showing %1 of %2 paths — narrow the configuration</source>
        <translation>显示了 %2 条路径中的 %1 条 —— 请收窄配置</translation>
    </message>
</context>
<context>
    <name>katlas::ProfilePicker</name>
    <message>
        <source>A built-in profile name, or the path of a profile JSON file</source>
        <translation>内置配置名，或配置 JSON 文件的路径</translation>
    </message>
    <message>
        <source>Choose &amp;File…</source>
        <translation>选择文件(&amp;F)…</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Profiles (*.json)</source>
        <translation>配置文件 (*.json)</translation>
    </message>
</context>
<context>
    <name>katlas::RepoTable</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>Repository Folder</source>
        <translation>仓库文件夹</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>添加(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>移除(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Choose Folder…</source>
        <translation>选择文件夹(&amp;C)…</translation>
    </message>
</context>
<context>
    <name>katlas::SearchDialog</name>
    <message>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>Ops, kernels, functions, files…</source>
        <translation>算子、kernel、函数、文件…</translation>
    </message>
    <message>
        <source>op</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>kernel</translation>
    </message>
    <message>
        <source>function</source>
        <translation>函数</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Show ops that do not run under the configuration</source>
        <translation>显示在此配置下不运行的算子</translation>
    </message>
    <message>
        <source>does not run under the configuration</source>
        <translation>在此配置下不运行</translation>
    </message>
</context>
<context>
    <name>katlas::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Repositories and profile</source>
        <translation>仓库与配置</translation>
    </message>
    <message>
        <source>Appearance and language</source>
        <translation>外观与语言</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>New Index starts from these repositories and this profile.</source>
        <translation>“新建索引”以这些仓库和这个配置为起点。</translation>
    </message>
    <message>
        <source>Repositories</source>
        <translation>仓库</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>The window changes to a new language at once.</source>
        <translation>窗口会立即切换到新语言。</translation>
    </message>
</context>
<context>
    <name>katlas::ShapesPanel</name>
    <message>
        <source>Shapes and definitions</source>
        <translation>形状与定义</translation>
    </message>
    <message>
        <source>Shapes per GPU</source>
        <translation>每块 GPU 的形状</translation>
    </message>
    <message>
        <source>change</source>
        <translation>更改</translation>
    </message>
    <message>
        <source>No kernel of this op gives a definition under the configuration.</source>
        <translation>在此配置下，此算子的 kernel 都不对应任何定义。</translation>
    </message>
    <message>
        <source>Shapes and definitions need the checkpoint's config.json and the deployment's sizes: &lt;a href='configure'&gt;Settings → Model Config…&lt;/a&gt;</source>
        <translation>形状与定义需要检查点的 config.json 和部署规模：&lt;a href='configure'&gt;设置 → 模型配置…&lt;/a&gt;</translation>
    </message>
    <message>
        <source>No shapes: %1 (&lt;a href='configure'&gt;Settings → Model Config…&lt;/a&gt;)</source>
        <translation>无形状：%1（&lt;a href='configure'&gt;设置 → 模型配置…&lt;/a&gt;）</translation>
    </message>
    <message>
        <source>Working out the shapes…</source>
        <translation>正在推算形状…</translation>
    </message>
</context>
<context>
    <name>katlas::SourceView</name>
    <message>
        <source>Copy file:line</source>
        <translation>复制 文件:行号</translation>
    </message>
    <message>
        <source>Copy the path and line of this frame</source>
        <translation>复制此帧的路径和行号</translation>
    </message>
    <message>
        <source>Select a frame to see its source.</source>
        <translation>选择一个帧以查看其源码。</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>源码</translation>
    </message>
    <message>
        <source>%1 is not available (%2): the repository moved or the file was deleted since indexing.</source>
        <translation>%1 不可用（%2）：自索引以来仓库已移动或文件已删除。</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Explorer of the call graph from LLM model ops to GPU kernels</source>
        <translation>从大模型算子到 GPU kernel 的调用图浏览器</translation>
    </message>
    <message>
        <source>Open the index FILE.</source>
        <translation>打开索引文件 FILE。</translation>
    </message>
    <message>
        <source>Index the repository NAME=PATH (repeatable).</source>
        <translation>索引仓库 NAME=PATH（可重复）。</translation>
    </message>
    <message>
        <source>Profile to index with.</source>
        <translation>索引所用的配置。</translation>
    </message>
    <message>
        <source>Save a screenshot to FILE and quit.</source>
        <translation>把截图保存到 FILE 后退出。</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Cannot open index</source>
        <translation>无法打开索引</translation>
    </message>
    <message>
        <source>Demo workspace</source>
        <translation>演示工作区</translation>
    </message>
    <message>
        <source>Start with the filter DIMENSION=VALUE[,VALUE] ...</source>
        <translation>以过滤条件 DIMENSION=VALUE[,VALUE] ... 启动</translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>过滤</translation>
    </message>
    <message>
        <source>Open --db, print how long the window took (first paint, layout, selecting --select), and quit.</source>
        <translation>打开 --db，打印窗口各步骤的用时（首次绘制、布局、选中 --select），然后退出。</translation>
    </message>
    <message>
        <source>--bench-ui needs --db FILE</source>
        <translation>--bench-ui 需要 --db FILE</translation>
    </message>
    <message>
        <source>Start with the configuration NAME of the index's profile; --filter narrows it.</source>
        <translation>以索引配置文件中名为 NAME 的配置方案启动；--filter 再加以收窄。</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>配置方案</translation>
    </message>
    <message>
        <source>No configuration named '%1'; known: %2</source>
        <translation>没有名为“%1”的配置方案；已有：%2</translation>
    </message>
    <message>
        <source>Select the op (or else the kernel) with the id or name OP once the index is open.</source>
        <translation>索引打开后选中 id 或名称为 OP 的算子（若没有，则选中该 kernel）。</translation>
    </message>
    <message>
        <source>The op %1 does not run under the filter, so it is not in the graph. Clear the filter, or use --config: a configuration greys such ops instead.</source>
        <translation>算子 %1 在该过滤条件下不会运行，因此不在图中。请清除过滤条件，或改用 --config：在命名配置下，这类算子会以灰色留在图中。</translation>
    </message>
    <message>
        <source>No op or kernel has the id or name %1.</source>
        <translation>没有 id 或名称为 %1 的算子或 kernel。</translation>
    </message>
    <message>
        <source>Keep the checkpoint's config.json FILE as the index's model config (its ops' shapes).</source>
        <translation>把检查点的 config.json 文件 FILE 保存为该索引的模型配置（用于算子的形状）。</translation>
    </message>
    <message>
        <source>With --hf-config: the tensor-parallel size N.</source>
        <translation>与 --hf-config 一起使用：张量并行规模 N。</translation>
    </message>
</context>
<context>
    <name>std</name>
    <message>
        <source>%1: architectures: missing (the model class the checkpoint is for)</source>
        <translation>%1：architectures：缺失（检查点所对应的模型类）</translation>
    </message>
    <message>
        <source>%1: architectures: %2 is not the model '%3' (%4 defines no such class)</source>
        <translation>%1：architectures：%2 不是模型 “%3”（%4 中没有定义这个类）</translation>
    </message>
    <message>
        <source>EP %1 does not divide TP %2</source>
        <translation>EP %1 不能整除 TP %2</translation>
    </message>
    <message>
        <source>%1: %2: %3 does not divide over %4 = %5</source>
        <translation>%1：%2：%3 不能被 %4 = %5 整除</translation>
    </message>
    <message>
        <source>TP %1</source>
        <translation>TP %1</translation>
    </message>
    <message>
        <source>, EP %1</source>
        <translation>，EP %1</translation>
    </message>
    <message>
        <source>, page %1</source>
        <translation>，页大小 %1</translation>
    </message>
    <message>
        <source>, DP attention</source>
        <translation>，DP 注意力</translation>
    </message>
</context>
</TS>